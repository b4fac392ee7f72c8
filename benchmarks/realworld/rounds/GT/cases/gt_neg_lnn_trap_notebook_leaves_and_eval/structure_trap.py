# Source: https://github.com/TapasTripura/Bayesian-Lagrangian-Discovery/blob/d712e54968ead1cbd3260c153b027305916b787d/LNN/LNN_Trap/notebooks/Structure_trap.ipynb
# Title: LNN/LNN_Trap/notebooks/Structure_trap.ipynb (LNN baseline for the Penning trap)
# Cut: code cells 10, 13 and 38 converted to a script: the jitted LNN loss (L2 penalty summed over the
#      parameter leaves, vmapped Euler-Lagrange accelerations), its jitted update, and the evaluation loop
#      over 25 test initial conditions that calls odeint and the reference simulator; plotting removed.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.ode import odeint
from jax.example_libraries import optimizers
from jax.tree_util import tree_flatten

import utils_data_2
from HyperparameterSearch import learned_dynamics
from lnn import raw_lagrangian_eom

opt_init, opt_update, get_params = optimizers.adam(1e-3)
batch_size = 512


@jax.jit
def loss(params, batch, l2reg):
    state, targets = batch
    leaves, _ = tree_flatten(params)
    l2_norm = sum(jnp.vdot(param, param) for param in leaves)
    preds = jax.vmap(partial(raw_lagrangian_eom, learned_dynamics(params)))(state)
    return jnp.sum(jnp.abs(preds - targets)) + l2reg*l2_norm/batch_size


@jax.jit
def update_derivative(i, opt_state, batch, l2reg):
    params = get_params(opt_state)
    param_update = jax.grad(lambda *args: loss(*args)/len(batch), 0)(params, batch, l2reg)
    params = get_params(opt_state)
    return opt_update(i, param_update, opt_state), params


def kinetic_energy(state, m=1, wc=100, wz=10):
    q, qdot = jnp.split(state, 2)
    return 0.5*m*jnp.sum(qdot**2)


def potential_energy(state, m=1, wc=100, wz=10):
    q, qdot = jnp.split(state, 2)
    return -0.25*m*wz**2*jnp.sum(q**2) + 0.5*m*wc*(q[0]*qdot[1] - qdot[0]*q[1])


def evaluate(best_params, param, iparam, rng):
    samples = 25
    x0 = jnp.concatenate([
            jax.random.uniform(rng, (samples, 3), minval=1e-3, maxval=1e-2),
            jax.random.uniform(rng+1, (samples, 3), minval=1e-3, maxval=1e-2)
        ], axis=1)
    all_errors_LNN = []
    for i in range(samples):
        max_t = 1
        fps = 1000
        t = x0[i, :]
        tparam = [1/fps, 0, max_t]
        dummy, _ = utils_data_2.penning_trap(t, param, tparam)
        new_dataset = np.zeros([dummy.shape[0], dummy.shape[1]])
        new_dataset[[0, 1, 2, 3, 4, 5], :] = dummy[[0, 2, 4, 1, 3, 5], :]

        p = best_params
        pred_tall = jax.device_get(odeint(
            partial(raw_lagrangian_eom, learned_dynamics(p)), t, np.linspace(0, max_t, num=fps), mxstep=100))

        total_true_energy = (
            jax.vmap(kinetic_energy, 0, 0)(new_dataset.T) +
            jax.vmap(potential_energy, 0, 0)(new_dataset.T)
        )
        total_predicted_energy = (
            jax.vmap(kinetic_energy, 0, 0)(pred_tall[:]) +
            jax.vmap(potential_energy, 0, 0)(pred_tall[:])
        )
        cur_error_1 = np.linalg.norm(total_predicted_energy-total_true_energy)/np.linalg.norm(total_true_energy)
        all_errors_LNN.append(cur_error_1)
    return all_errors_LNN
