# Source: https://github.com/RitzB99/Inferring-Neural-Connectivity-Consistency-Model-MCMC-JAX-/blob/78d5b79e08dbe4c1a8ab9e7532bc8195f9b0a34f/JAX_Simulation.ipynb
# Title: JAX_Simulation.ipynb
# Cut: first code cell converted to a script; nothing else

# Simple dataset generator using the finalized two-neuron simulation API

import os
os.environ["JAX_PLATFORMS"] = "cpu"     
os.environ["CUDA_VISIBLE_DEVICES"] = "-1"

import numpy as np
import jax
import jax.numpy as jnp
from jax import random

from TwoNeuron_JAX import (   
    ModelParams, NoiseParams,
    simulate_pair_jit,   # runs the soft LIF model and gives (C,F)
    noisy_F,             # adds noise based on heteroscedastic model
)

# Settings
N_SAMPLES = 100000
W_MIN, W_MAX = 6.0, 10.0

SIGMA_C = 28.0
SIGMA_F = 4e-4
GAMMA   = 1e-4

SAVE_X = "X1_test.npy"
SAVE_Y = "Y1_test.npy"

# Random number generators
np_rng = np.random.default_rng(1234)  # for sampling weights
jax_key = random.PRNGKey(1234)        # for JAX noise draws

# Simulator configuration
cfg = ModelParams()
noise = NoiseParams(sigma_f=SIGMA_F, gamma=GAMMA, sigma_c=SIGMA_C, floor=1e-3)

# Each fluorescence trace has length = total time / calcium bin
T_ca = int(round(cfg.sim_time / cfg.ca_bin))  

# Allocate arrays for storage
X = np.empty(N_SAMPLES, dtype=np.float32)
Y = np.empty((N_SAMPLES, 2, T_ca), dtype=np.float32)

# Generate dataset
i = 0
while i < N_SAMPLES:
    # pick a random synaptic weight
    w = np_rng.uniform(W_MIN, W_MAX)

    # deterministic forward pass (clean calcium and fluorescence)
    C_clean, F_clean = simulate_pair_jit(float(w), cfg)

    # draw noisy fluorescence using JAX random key
    jax_key, subkey = random.split(jax_key)
    F_noisy, _ = noisy_F(F_clean, C_clean, cfg, noise, subkey)

    # save to arrays
    X[i]        = np.float32(w)
    Y[i, 0, :]  = np.asarray(F_noisy[0], dtype=np.float32)
    Y[i, 1, :]  = np.asarray(F_noisy[1], dtype=np.float32)

    i += 1
    if i % 1000 == 0:
        print(f"{i} samples generated")

# Save results
np.save(SAVE_X, X)                  # (N_SAMPLES,)
np.save(SAVE_Y, Y)                  # (N_SAMPLES, 2, T_ca)
print(f"Done! Saved {SAVE_X} and {SAVE_Y}")

