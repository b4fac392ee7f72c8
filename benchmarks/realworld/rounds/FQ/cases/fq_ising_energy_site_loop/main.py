# Source: https://github.com/riccardo-rende/jaxmc/blob/caa01815c5014c432307bf0ef9b133c25955c305/main.py
# Title: main.py
# Cut: timing and prints cut; shows the lattice size L = 50 spins.
import jax; jax.config.update('jax_platform_name', 'cpu')
import jax.numpy as jnp

from jaxmc.montecarlo import MonteCarloState
from jaxmc import LatticeState, energy, e_local_nn_1d, SingleSpinFlipState
from jaxmc import *

seed = 0
L = 50

s = LatticeState(jnp.ones(L, dtype=jnp.float64), L)
a = SingleSpinFlipState(0, 0)
mc = MonteCarloState(jax.random.PRNGKey(seed))

s, mc, a, mean_values = mc_sweeps(10**5, s, mc, a)
print(energy(s.spins, e_local_nn_1d))
