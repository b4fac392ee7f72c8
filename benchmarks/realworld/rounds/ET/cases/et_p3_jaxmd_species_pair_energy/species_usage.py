# Source: https://github.com/jax-md/jax-md/issues/119
# Title: Performance with many species (jax-md issue #119)
# Cut: the thread's timing snippet (N = 600 particles, 20 species, energy function passed to jit)
#      reduced to the setup and the jitted calls; the get_species helper and box-size helper are
#      reconstructed from their use in the thread, and the species-aware call is written with the
#      dynamic (integer) species form of smap.pair from smap_pair.py (reconstructed).
import jax.numpy as jnp
from jax import jit, random
from jax_md import space, energy

from smap_pair import pair

key = random.PRNGKey(0)
N = 600                 # number of total particles
no_species = 20         # number of species types
box_size = 30.0
displacement, shift = space.periodic(box_size)
metric = space.metric(displacement)

R_init = random.uniform(key, (N, 2), maxval=box_size)
species = random.randint(key, (N,), 0, no_species)
sigma = jnp.full((no_species, no_species), 1.0)

energy_fn = jit(pair(energy.soft_sphere, metric, species=no_species, sigma=sigma))
E = energy_fn(R_init, species)
