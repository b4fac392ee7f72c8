# Source: https://github.com/jax-md/jax-md/blob/a41c7d19f6468f4e5263c32c12c9ed6cba26ebff/notebooks/sand_castle.ipynb
# Title: notebooks/sand_castle.ipynb (JAX MD: a sand castle of Lennard-Jones grains)
# Cut: code cells 3, 5, 9, 17, 19-21, 24-25 converted to a script; rendering cells dropped.
import imageio
import jax.numpy as jnp
from jax import jit, lax, random
from jax_md import space, energy, simulate


def make_from_image(filename, size_in_pixels):
  position = []
  angle = []
  color = []

  img = imageio.imread(filename)


  scale = 2**(1/6)
  ratio = jnp.sqrt(1 - 0.25)
  for i, y in enumerate(range(0, img.shape[0], size_in_pixels)):
    for x in range(0, img.shape[1], size_in_pixels):
      r, g, b, a = img[y, x]
      if a == 255:
        hshift = size_in_pixels * (i % 2) / 2.0
        position += [[scale * (x + hshift) / size_in_pixels, scale * (img.shape[0] - y) / size_in_pixels * ratio]]
        color += [[r / 255, g / 255, b / 255]]
  img_size = jnp.array(img.shape[:2]).T / size_in_pixels * scale
  box_size = jnp.max(img_size) * 1.5
  position = jnp.array(position, jnp.float64) + box_size / 2.0 - img_size / 2
  color = jnp.array(color, jnp.float64)

  return box_size, position, color

box, positions, colors = make_from_image('sand_castle.png', 24)

displacement_fn, shift_fn = space.periodic(box)
sand_energy = energy.lennard_jones_pair(displacement_fn)

simulation_steps = 10000
write_every = 50
key = random.PRNGKey(1)

init_fn, step_fn = simulate.nvt_langevin(sand_energy, shift_fn, dt=5e-3, kT=0.0, gamma=1e-2)

sand = init_fn(key, positions)
step_fn = jit(step_fn)

trajectory = []

for i in range(simulation_steps):
  if i % write_every == 0:
    trajectory += [sand.position]

  sand = step_fn(sand)

trajectory = jnp.stack(trajectory)


def simulation_fn(i, sand_trajectory):
  sand, trajectory = sand_trajectory

  trajectory = trajectory.at[i].set(sand.position)
  sand = lax.fori_loop(0, write_every, lambda _, s: step_fn(s), sand)

  return sand, trajectory


write_steps = simulation_steps // write_every
n = positions.shape[0]

sand = init_fn(random.PRNGKey(0), positions)
trajectory = jnp.zeros((write_steps, n, 2))
sand, trajectory = lax.fori_loop(0, write_steps, simulation_fn, (sand, trajectory))
