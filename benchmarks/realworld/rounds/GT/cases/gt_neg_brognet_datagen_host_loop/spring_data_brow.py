# Source: https://github.com/M3RG-IITD/BroGNet/blob/01ec49ba095b9f4f3e8d0d69189c8faacbe0d28d/notebooks/spring-data-brow.py
# Title: notebooks/spring-data-brow.py (Brownian dynamics data for BroGNet, spring chain)
# Cut: kept the spring potential, the jitted forward simulation and the host loop over initial
#      configurations that builds the dataset; argument parsing and file naming helpers reduced.
from functools import partial

import jax.numpy as jnp
import numpy as np
from jax import grad, jit, random, vmap

from psystems.nsprings import chain
from src.md import predition_brow

N, nconfig, saveat = 5, 100, 10
spring_constant, length_constant = 1.0, 1.0
dt, kT, gamma, stride, runs = 1.0e-3, 1.0, 1.0, 100, 100
masses = jnp.ones(N)

np.random.seed(42)
key = random.PRNGKey(42)

init_confs = [chain(N)[:2] for i in range(nconfig)]

_, _, senders, receivers = chain(N)


def displacement(a, b):
    return a - b


def shift(R, dR):
    return R + dR


def SPRING(x, stiffness=1.0, length=1.0):
    x_ = jnp.linalg.norm(x, keepdims=True)
    return 0.5*stiffness*(x_ - length)**2


def pot_energy_orig(x):
    dr = x[senders, :] - x[receivers, :]
    return vmap(partial(SPRING, stiffness=spring_constant, length=length_constant))(dr).sum()


def force_fn_orig(R, params):
    return -grad(pot_energy_orig)(R)


@jit
def forward_sim(R, key):
    return predition_brow(R, None, force_fn_orig, shift, dt, kT, masses, gamma=gamma, stride=stride, runs=runs, key=key)


def generate(savefile):
    rng_key = random.PRNGKey(0)
    ind = 0
    dataset_states = []
    for R, V in init_confs:
        ind += 1
        rng_key, subkey = random.split(ind*rng_key)
        model_states = forward_sim(R, subkey)
        dataset_states += [model_states]
        if ind % saveat == 0:
            savefile(f"model_states_brownian.pkl", dataset_states)
    savefile(f"model_states_brownian.pkl", dataset_states)
    return dataset_states
