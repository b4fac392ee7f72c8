# Source: https://github.com/riccardo-rende/jaxmc/blob/02368dd33d7450a74b250d780a43f2cae693220f/main.py
# Title: main.py
# Cut: timing and prints cut.
import jax; jax.config.update('jax_platform_name', 'cpu')
import jax.numpy as jnp

from jaxmc.montecarlo import MonteCarloState
from jaxmc import LatticeState, SingleSpinFlipState
from jaxmc import *
from jaxmc.hamiltonian import energy, e_local_nn_1d

seed = 0
L = 10

nn = jnp.zeros((L, 2), dtype=int)
for i in range(L):
    nn = nn.at[i, 0].set( (i+L-1)%L )
    nn = nn.at[i, 1].set( (i+1)%L )

s = LatticeState(jnp.ones(L, dtype=jnp.float64), nn, L)
a = SingleSpinFlipState(0, 0)
mc = MonteCarloState(jax.random.PRNGKey(seed))

s, mc, a, mean_values = mc_sweeps(10**6, s, mc, a)
print(energy(s.spins, s.neighbours, e_local_nn_1d))
