# Source: https://github.com/toohuman/colab-boids/blob/1722df8de571055ebb5e420ab765f6cba10a4e21/boids_colab.ipynb
# Title: boids_colab.ipynb (a JAX MD boids model, port of the JAX MD boids Colab)
# Cut: cells 2, 4, 6 and 7 converted to a script; the WebGL/matplotlib renderer and ProgressIter utility dropped.
import numpy as onp

import jax.numpy as np
from jax import random
from jax import jit
from jax import vmap
from jax import lax

from collections import namedtuple

from jax_md import space, quantity

Boids = namedtuple('Boids', ['R', 'theta'])

# Simulation Parameters:
box_size = 800.0  # A float specifying the side-length of the box.
boid_count = 200  # An integer specifying the number of boids.
dim = 2  # The spatial dimension in which we are simulating.

rng = random.PRNGKey(0)

displacement, shift = space.periodic(box_size)

rng, R_rng, theta_rng = random.split(rng, 3)

boids = Boids(
    R = box_size * random.uniform(R_rng, (boid_count, dim)),
    theta = random.uniform(theta_rng, (boid_count,), maxval=2. * np.pi)
)


@vmap
def normal(theta):
  return np.array([np.cos(theta), np.sin(theta)])


def dynamics(energy_fn, dt, speed):
  @jit
  def update(_, state):
    R, theta = state['boids']

    dstate = quantity.force(energy_fn)(state)
    dR, dtheta = dstate['boids']
    n = normal(state['boids'].theta)

    state['boids'] = Boids(shift(R, dt * (speed * n + dR)),
                           theta + dt * dtheta)

    return state

  return update


update = dynamics(energy_fn=lambda state: 0., dt=1e-1, speed=1.)

boids_buffer = []

state = {
    'boids': boids
}

for i in range(400):
  state = lax.fori_loop(0, 50, update, state)
  boids_buffer += [state['boids']]
