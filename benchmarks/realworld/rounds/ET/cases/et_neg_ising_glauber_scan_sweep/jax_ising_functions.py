# Source: https://github.com/aiman1661/mcmc-isingmodel/blob/98e9e6cd2d032cc2942f88311bd943f8373d7bda/JAX-ising/jax_ising_functions.py
# Title: JAX-ising/jax_ising_functions.py (Ising model, Glauber dynamics in JAX)
# Cut: kept the Glauber path (site energy, Metropolis test, one step, one sweep under lax.scan);
#      the Kawasaki functions dropped.
import jax.numpy as jnp
from jax import jit, random, lax
from functools import partial


@jit
def energy_site(site, lattice, J=1.0):
    i, j = site
    n = lattice.shape[0]

    neighbors_sum = (lattice[i, (j-1) % n] +
                    lattice[i, (j+1) % n] +
                    lattice[(i-1) % n, j] +
                    lattice[(i+1) % n, j])

    energy = -J * lattice[i, j] * neighbors_sum
    return energy

@jit
def energy_total(lattice, J=1.0):
    '''Calculate total energy of the lattice using JAX'''
    rolled_x = jnp.roll(lattice, shift=1, axis=0)
    rolled_y = jnp.roll(lattice, shift=1, axis=1)

    interaction = lattice * (rolled_x + rolled_y)

    energy = -J * jnp.sum(interaction)
    return energy

@partial(jit, static_argnums=2)
def metropolis_test(key, delta_E, T):
    'performs the metropolis test'
    probability = jnp.minimum(1.0,jnp.exp(-delta_E/T))
    p_metro = random.uniform(key)

    bool_test = (p_metro <= probability) # condition
    delta_energy_carry = jnp.where(bool_test, delta_E, 0.0) # where(condition, new, old)
    return bool_test, delta_energy_carry

@partial(jit, static_argnums=3)
def glauber_step(key, lattice, energy, T):
    'performs one glauber step'
    n = lattice.shape[0]

    key, key_i, key_j = random.split(key, 3)

    i = random.randint(key_i, (), 0, n)
    j = random.randint(key_j, (), 0, n)
    site = (i, j)

    delta_energy = -2 * energy_site(site, lattice)

    bool_test, delta_energy = metropolis_test(key, delta_energy, T)

    lattice = lax.cond(
        bool_test,
        lambda lat: lat.at[i, j].set(-lat[i, j]),
        lambda lat: lat,
        lattice
    )

    return key, lattice, energy+delta_energy

@partial(jit, static_argnums=3)
def perform_glauber_sweep(key, lattice, energy, T):
    'performs one full sweep effectively'
    def sweep_step(carry, _):
        key, lattice, energy = carry
        key, lattice, energy = glauber_step(key, lattice, energy, T)
        return (key, lattice, energy), None

    steps = lattice.shape[0] ** 2
    (key, lattice, energy), _ = lax.scan(sweep_step, (key, lattice, energy), None, length=steps)
    return key, lattice, energy
