# Source: https://github.com/jax-md/jax-md/blob/a41c7d19f6468f4e5263c32c12c9ed6cba26ebff/notebooks/talk_demo.ipynb
# Title: notebooks/talk_demo.ipynb (JAX MD talk demo: soft spheres, FIRE minimization)
# Cut: code cells 5-38 converted to a script; plotting, rendering and %%timeit cells dropped.
import jax.numpy as np
from jax import grad, jit, random
from jax.lax import while_loop

from jax_md import space
from jax_md.quantity import box_size_at_number_density
from jax_md.minimize import fire_descent


def soft_sphere(r):
  return np.where(r < 1,
                  1/3 * (1 - r) ** 3,
                  0.)


key = random.PRNGKey(0)

particle_count = 128
dim = 2

box_size = box_size_at_number_density(particle_count = particle_count,
                                      number_density = 1.2,
                                      spatial_dimension = dim)

R = random.uniform(key, (particle_count, dim), maxval=box_size)

displacement, shift = space.periodic(box_size)
metric = space.metric(displacement)
displacement = space.map_product(displacement)
metric = space.map_product(metric)


def energy(R):
  dr = metric(R, R)
  return 0.5 * np.sum(soft_sphere(dr))


def minimize(R):
  init, apply = fire_descent(energy, shift)

  state = init(R)

  for _ in range(20):
    state = apply(state)

  return energy(state.position)


# Just-In-Time compile to GPU
minimize = jit(minimize)

# The first call incurs a compilation cost
minimize(R)

cond_fn = lambda state: np.max(np.abs(state.force)) > 1e-4


def minimize(R):
  init_fn, apply_fn = fire_descent(energy, shift)

  state = init_fn(R)
  # Using a JAX loop reduces compilation cost
  state = while_loop(cond_fun=cond_fn,
                     body_fun=apply_fn,
                     init_val=state)

  return state.position


minimize = jit(minimize)
R_is = minimize(R)
