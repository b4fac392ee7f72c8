# Source: https://github.com/google-deepmind/c3_neural_compression/blob/e63e7519641db3d431cff623127fb2dcb825069f/model/latents.py
# Title: C3 (DeepMind) model/latents.py, hierarchical latent grids and quantisation
# Cut: Latent constructor without gain_values/gain_factor/learnable_gains options;
#      quantize() keeps the 'noise', 'round', 'ste' and 'soft_round' branches.
#      _forward/grad_fn at the end are reconstructed (a stand-in loss over the grids).
import functools
import math

import haiku as hk
import jax
import jax.numpy as jnp
import numpy as np


def soft_round(x, temperature):
  if temperature is None:
    temperature = jnp.inf
  m = jnp.floor(x) + 0.5
  z = 2 * jnp.tanh(0.5 / temperature)
  r = jnp.tanh((x - m) / temperature) / z
  return m + r


def soft_round_inverse(x, temperature):
  if temperature is None:
    temperature = jnp.inf
  m = jnp.floor(x) + 0.5
  z = 2 * jnp.tanh(0.5 / temperature)
  r = jnp.arctanh((x - m) * z) * temperature
  return m + r


def soft_round_conditional_mean(x, temperature):
  return soft_round_inverse(x - 0.5, temperature) + 0.5


class Latent(hk.Module):
  """Hierarchical latent representation of C3."""

  def __init__(self, *, input_res, num_grids, q_step=1., init_fn=jnp.zeros,
               downsampling_factor=2.):
    super().__init__()
    self.input_res = input_res
    self.num_grids = num_grids
    self.q_step = q_step
    downsampling_exponents = range(num_grids)
    num_dims = len(input_res)
    df = (downsampling_factor,) * num_dims

    # Initialize latent grids
    self._latent_grids = []
    for i, exponent in enumerate(downsampling_exponents):
      # Latent grid sizes of ({T / df[-3]^j}, H / df[-2]^j, W / df[-1]^j)
      latent_grid = [
          int(math.ceil(x / (df[dim] ** exponent)))
          for dim, x in enumerate(input_res)
      ]
      self._latent_grids.append(
          hk.get_parameter(f'latent_grid_{i}', latent_grid, init=init_fn)
      )
    self._latent_grids = tuple(self._latent_grids)

    # Use geometric mean of downsampling factors to compute gains_factor.
    gain_factor = np.prod(df) ** (1/num_dims)
    self._gains = jnp.array([gain_factor ** j for j in downsampling_exponents])

  @property
  def latent_grids(self):
    """Optionally add gains to latents (following COOL-CHIC paper)."""
    return tuple(grid * gain for grid, gain
                 in zip(self._latent_grids, self._gains))

  def __call__(self, quant_type='none', soft_round_temp=None):
    # Optionally apply quantization (quantize just returns latent_grid if
    # quant_type is "none")
    latent_grids = jax.tree_map(
        functools.partial(
            quantize,
            quant_type=quant_type,
            q_step=self.q_step,
            soft_round_temp=soft_round_temp,
        ),
        self.latent_grids,
    )
    return latent_grids


def quantize(arr, quant_type='noise', q_step=1.0, soft_round_temp=None):
  # First map inputs to scaled space where each bin has width 1.
  arr = arr / q_step
  if quant_type == 'none':
    pass
  elif quant_type == 'noise':
    # Add uniform noise U(-0.5, 0.5) during training.
    arr = arr + jax.random.uniform(hk.next_rng_key(), shape=arr.shape) - 0.5
  elif quant_type == 'round':
    # Round at test time
    arr = jnp.round(arr)
  elif quant_type == 'ste':
    zero = arr - jax.lax.stop_gradient(arr)
    arr = zero + jax.lax.stop_gradient(jnp.round(arr))
  elif quant_type == 'soft_round':
    noise = jax.random.uniform(hk.next_rng_key(), shape=arr.shape)
    noise = noise - 0.5
    arr = soft_round(arr, soft_round_temp)
    arr = arr + noise
    arr = soft_round_conditional_mean(arr, soft_round_temp)
  else:
    raise ValueError(f'Unknown quant_type: {quant_type}')
  # Map inputs back to original range
  arr = arr * q_step
  return arr


def _forward(quant_type, soft_round_temp):
  grids = Latent(input_res=(512, 768), num_grids=7)(quant_type, soft_round_temp)
  return sum(jnp.sum(g ** 2) for g in grids)

forward = hk.transform(_forward)
grad_fn = jax.jit(jax.grad(forward.apply), static_argnums=(2,))
