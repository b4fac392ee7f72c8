# Source: https://github.com/bhoov/energy-transformer-jax/blob/f01e90c4d6ba4e1504071a9aafd9c19047763d35/tutorial.py
# Title: tutorial.py -- "A minimal working example of Energy Transformer written in JAX and Equinox"
# Cut: plotting at the end cut.
#%%
"""
A minimal working example of Energy Transformer written in JAX and Equinox
"""
import jax
import jax.numpy as jnp
import jax.random as jr
import equinox as eqx
from dataclasses import dataclass
from typing import *
from architecture import ETConfig, EnergyLayerNorm, EnergyAttention, HopfieldNetwork, EnergyTransformer

## Adjust the following env variables if you intend to use a GPU
# import os
# os.environ["XLA_PYTHON_CLIENT_MEM_FRACTION"]=".9"
# os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"]="false"

if __name__ == "__main__":
  """ Only run the following code in interactive mode (VSCode) or as a script """
  #%%
  import matplotlib.pyplot as plt

  config = ETConfig()
  n_tokens = 11
  rng = jr.PRNGKey(0)
  et = EnergyTransformer(rng, config)
  lnorm = EnergyLayerNorm(config.D, use_bias=False)

  def energy(x):
    E1 = lnorm.energy(x)
    g = lnorm.g(x)
    E2 = et.energy(g)
    return E1 + E2

  key, rng = jr.split(rng)
  x = jr.normal(key, (n_tokens, config.D))
  energies = []
  nsteps = 150
  alpha = 0.1 # Stepsize

  get_energy = jax.jit(jax.value_and_grad(energy))
  xmins = []
  xmaxes = []
  gdiffs = []

  gprev = None
  for i in range(nsteps):
    g = lnorm(x)
    if gprev is not None:
      gdiff = jnp.max(jnp.abs(g - gprev))
      gdiffs.append(gdiff)
      
    gprev = g
    E, dEdg = get_energy(g)
    x = x - alpha * dEdg
    xmaxes.append(jnp.max(x))
    xmins.append(jnp.min(x))
    energies.append(E)
