# Source: https://github.com/aiman1661/mcmc-isingmodel/blob/98e9e6cd2d032cc2942f88311bd943f8373d7bda/JAX-ising/jax_ising_visualisation.ipynb
# Title: JAX-ising/jax_ising_visualisation.ipynb (driver notebook for the JAX Ising model)
# Cut: cells 2-3 (Glauber branch) without plotting; the IsingLattice method call is replaced by the
#      module function it wraps (jax_ising_class.py: perform_glauber_sweep).
import jax.numpy as jnp
from jax import random

from jax_ising_functions import energy_total, perform_glauber_sweep

# system parameters, as fixed by user
n = 50          # number of sites given by n x n (square)
T = 1           # temperature
nstep = 3000   # the 'time' for this dynamical evolution

key = random.PRNGKey(0) # reproducibility

# initialise lattice sites
lattice = random.choice(key, jnp.array([-1, 1]), shape=(n, n))
energy = energy_total(lattice)

energy_list = []
time_list = []
for sweep in range(nstep):
    key, subkey = random.split(key)
    _, lattice, energy = perform_glauber_sweep(subkey, lattice, energy, T)

    #occasionally plot or update measurements
    if (sweep%10) == 0:
        energy_list.append(energy)
        time_list.append(sweep)
