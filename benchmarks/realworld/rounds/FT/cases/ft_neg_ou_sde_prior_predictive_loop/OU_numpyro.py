# Source: https://github.com/Cypriendtr/Jax_Numpyro-OU-EC/blob/3544c682bd463aabd9684027daff4b1668b5a6bf/OU_numpyro.ipynb
# Title: OU_numpyro.ipynb (Ornstein-Uhlenbeck neural mass model fitted with numpyro)
# Cut: code cells 1, 2, 4, 7, 10, 11 converted to a script; plotting cells and the XLA/platform setup dropped.
# -----------------------

import jax
import jax.numpy as jnp
from jax import random
from jax.lib import xla_bridge
import numpy as np
import matplotlib.pyplot as plt
import arviz as ar
import numpyro as pyro
from numpyro.infer import NUTS, MCMC, Predictive
import numpyro.distributions as dist
import seaborn as sns
import os
from OU_model import OU, theta_ou
from vbjax.loops import make_sde
from vbjax import randn


key = random.PRNGKey(0) # Pseudo random number generator

nbr_regions = 5
dur = 30
dt = 0.01
time = jnp.arange(0, dur, dt)
x_init = jnp.zeros(nbr_regions, dtype=complex) 
ts = randn(int(dur/dt),*x_init.shape, key=key)

# -------------------------
# Connectivity and corr matrix
# -------------------------
j_ou = np.random.rand(nbr_regions**2).reshape(nbr_regions, nbr_regions)* 0.2
j_ou[np.diag_indices_from(j_ou)] = -0.8

corr = np.random.rand(nbr_regions**2).reshape(nbr_regions, nbr_regions)
corr[np.diag_indices_from(corr)] = 1

theta_true = theta_ou(
    J_OU = j_ou,
    corr_OU = corr
)



_, loops = make_sde(dt, OU.drift_OU, OU.diffusion_OU)
result_model = loops(x_init, ts, theta_true)

# Observation to match
Data = jnp.real(jnp.corrcoef(result_model.T))
# Graphical representation

def model(Data = None):
    # -----------------------
    # Simulation parameters
    # -----------------------
    nbr_regions = 5
    dur = 30
    dt = 0.01  
    time = jnp.arange(0, dur, dt)
    x_init = jnp.zeros(nbr_regions, dtype=float) + 0.001 # Doesn't work with zero
    ts = jnp.zeros((int(dur/dt),*x_init.shape))

    # -----------------------
    # Parameters prior distribution
    # -----------------------
    # -- Jacobian sampling --
    min_loc = 0.2
    sigma = 0.1
    j_ou = pyro.sample("J_OU", dist.TruncatedNormal(low= 0, loc = jnp.ones((nbr_regions, nbr_regions)) * min_loc, scale = jnp.ones((nbr_regions, nbr_regions)) * sigma ))
    j_ou_sampled = pyro.deterministic("J_OU_sampled", j_ou.at[np.diag_indices_from(j_ou)].set(-0.8))

    # -- Noise sampling --
    eps = pyro.sample("eps", dist.TruncatedNormal(low=0, high=0.5, loc=0.0, scale=0.00000001))
    theta_sampled = theta_ou(J_OU = j_ou_sampled, corr_OU = 1)
    
    _, loops = make_sde(dt, OU.drift_OU, OU.diffusion_OU)
    result_model = loops(x_init, ts, theta_sampled)

    corr_sampled = jnp.real(jnp.corrcoef(result_model.T))
    with pyro.plate("Obs", size = nbr_regions, dim = -1):
        pyro.sample("obs", dist.Normal(corr_sampled, eps), obs=Data)
        

rng_key = random.PRNGKey(1006)
prior_predictive = Predictive(model, num_samples = 2000)
prior_prediction = prior_predictive(rng_key, Data)["J_OU_sampled"].reshape(500, -1)
nbr_parameters = len(theta_true[0].reshape(-1)) # J_OU is at position 0 

# Prior sampled distribution plot

# -----------------------
n_sample = 500
parasm_random = np.zeros((n_sample, nbr_parameters))
for i in range(nbr_parameters):
    parasm_random[:,i] = np.random.choice(prior_prediction[:,i], size = n_sample)
# Perfom 100 simulations
# -----------------------
sim_data = np.zeros((int(dur/dt), nbr_regions, n_sample))
for i in range(n_sample):
    random_theta = theta_ou(
        J_OU = parasm_random[i].reshape(nbr_regions, nbr_regions),
        corr_OU = 1)
    sim_data[:,:,i] = jnp.real(loops(x_init, ts, random_theta))
# -----------------------
# Prior predictive check
