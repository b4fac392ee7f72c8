# Source: https://github.com/ermongroup/fast_feedforward_computation/blob/6d14294647cfd880f991eacd59c9323643e45ea0/pixelcnnpp/samplers.py
# Title: fast_feedforward_computation pixelcnnpp/samplers.py: sequential and Jacobi PixelCNN++ samplers
# Cut: kept the two sampler factories; the discretized-logistic pixel samplers are referenced, not reproduced.
import numpy as np
from pixelcnnpp.layers import to_one_hot
import jax
import jax.random as random
import jax.numpy as jnp


def get_sequential_sampler(basic_sampler, shape):

  def sequential_sampler(rng, u):
    def loop_fn(carry, index):
      (x, rng) = carry
      rng, step_rng = random.split(rng)
      sample = basic_sampler(step_rng, x, u=u)
      i = index // shape[1]
      j = index % shape[1]
      x = x.at[:, i, j, :].set(sample[:, i, j, :])
      return (x, rng), x

    init_x = jnp.zeros(shape)
    _, all_imgs = jax.lax.scan(loop_fn, (init_x, rng), jnp.arange(0, shape[1] * shape[2]))
    return all_imgs

  return jax.jit(sequential_sampler)


def get_jacobi_sampler(basic_sampler, shape):

  def jacobi_sampler(rng, u):
    def loop_fn(carry, index):
      (x, rng) = carry
      rng, step_rng = random.split(rng)
      new_x = basic_sampler(step_rng, x, u=u)
      return (new_x, rng), new_x

    init_x = jnp.zeros(shape)
    _, all_imgs = jax.lax.scan(loop_fn, (init_x, rng), jnp.arange(0, shape[1] * shape[2]))
    return all_imgs

  return jax.jit(jacobi_sampler)
