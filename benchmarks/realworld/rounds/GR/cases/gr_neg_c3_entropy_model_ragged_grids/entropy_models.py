# Source: https://github.com/google-deepmind/c3_neural_compression/blob/e63e7519641db3d431cff623127fb2dcb825069f/model/entropy_models.py
# Title: c3_neural_compression model/entropy_models.py: autoregressive (masked-conv) entropy model over multi-resolution latent grids (Haiku)
# Cut: kept the image entropy model's __call__ (its __init__ and masks are dropped; self.net is the masked conv net),
#      compute_rate, flatten_latent_grids and unflatten_latent_grids; license header and the video model dropped.
from collections.abc import Callable
from typing import Any

import chex
import haiku as hk
import jax
import jax.numpy as jnp
from ml_collections import config_dict
import numpy as np

from c3_neural_compression.model import laplace
from c3_neural_compression.model import layers as layers_lib
from c3_neural_compression.model import model_coding

Array = chex.Array


class AutoregressiveEntropyModelConvImage(hk.Module):
  """Convolutional autoregressive entropy model for COOL-CHIC. Image only."""

  def __call__(self, latent_grids: tuple[Array, ...]) -> tuple[Array, Array]:
    """Maps latent grids to parameters of Laplace distribution for every latent.

    Args:
      latent_grids: Tuple of all latent grids of shape (H, W), (H/2, W/2), etc.

    Returns:
      Tuple of parameters of Laplace distribution (loc and scale) each of shape
      (num_latents,).
    """

    assert len(latent_grids[0].shape) in (2, 3)

    if len(latent_grids[0].shape) == 3:
      bs = latent_grids[0].shape[0]
    else:
      bs = None

    if self._conditional_spec.use_conditioning:
      if self._conditional_spec.use_prev_grid:
        grids_cond = (jnp.zeros_like(latent_grids[0]),) + latent_grids[:-1]
        dist_params = []
        for prev_grid, grid in zip(grids_cond, latent_grids):
          # Resize `prev_grid` to have the same resolution as the current grid
          prev_grid_resized = jax.image.resize(
              prev_grid,
              shape=grid.shape,
              method=self._conditional_spec.interpolation
          )
          inputs = jnp.stack(
              [prev_grid_resized, grid], axis=-1
          )  # (h[k], w[k], 2)
          out = self.net(inputs)
          dist_params.append(out)
      else:
        raise ValueError('use_prev_grid is False')
    else:
      # If not using conditioning, just apply the same network to each latent
      # grid. Each element of dist_params has shape (h[k], w[k], 2).
      dist_params = [self.net(g[..., None]) for g in latent_grids]

    if bs is not None:
      dist_params = [p.reshape(bs, -1, 2) for p in dist_params]
      dist_params = jnp.concatenate(dist_params, axis=1)  # (bs, num_latents, 2)
    else:
      dist_params = [p.reshape(-1, 2) for p in dist_params]
      dist_params = jnp.concatenate(dist_params, axis=0)  # (num_latents, 2)

    assert dist_params.shape[-1] == 2
    loc, log_scale = dist_params[..., 0], dist_params[..., 1]

    log_scale = log_scale + self._shift_log_scale

    # Optionally clip log scale (we clip scale in log space to avoid overflow).
    if self._scale_range is not None:
      log_scale = _clip_log_scale(
          log_scale, self._scale_range, self._clip_like_cool_chic
      )
    # Convert log scale to scale (which ensures scale is positive)
    scale = jnp.exp(log_scale)
    return loc, scale



def compute_rate(
    x: Array, loc: Array, scale: Array, q_step: float = 1.0
) -> Array:
  """Compute entropy of x (in bits) under the Laplace(mu, scale) distribution.

  Args:
    x: Array of shape (batch_size,) containing points whose entropy will be
      evaluated.
    loc: Array of shape (batch_size,) containing the location (mu) parameter of
      Laplace distribution.
    scale: Array of shape (batch_size,) containing scale parameter of Laplace
      distribution.
    q_step: Step size that was used for quantizing the input x (see
      latents.Latents for details). This implies that, when x is quantized with
      `round` or `ste`, the values of x / q_step should be integer-valued
      floats.

  Returns:
    Rate (entropy) of x under model as array of shape (num_latents,).
  """
  # Ensure that the rate is computed in space where the bin width of the array x
  # is 1. Also ensure that the loc and scale of the Laplace distribution are
  # appropriately scaled.
  x /= q_step
  loc /= q_step
  scale /= q_step

  # Compute probability of x by integrating pdf from x - 0.5 to x + 0.5. Note
  # that as x is not necessarily an integer (when using noise quantization) we
  # cannot use distrax.quantized.Quantized, which requires the input to be an
  # integer.
  # However, when x is an integer, the behaviour of the below lines of code
  # are equivalent to distrax.quantized.Quantized.
  dist = laplace.Laplace(loc, scale)
  log_probs = dist.integrated_log_prob(x)

  # Change base of logarithm
  rate = - log_probs / jnp.log(2.)

  # No value can cost more than 16 bits (based on COOL-CHIC implementation)
  rate = jnp.clip(rate, a_max=16)

  return rate


def flatten_latent_grids(latent_grids: tuple[Array, ...]) -> Array:
  """Flattens list of latent grids into a single array.

  Args:
    latent_grids: List of all latent grids of shape ({T}, H, W), ({T/2}, H/2,
      W/2), ({T/4}, H/4, W/4), etc.

  Returns:
    Array of shape (num_latents,) containing all flattened latent grids
    stacked into a single array.
  """
  # Reshape each latent grid from ({t}, h, w) to ({t} * h * w,)
  all_latents = [latent_grid.reshape(-1) for latent_grid in latent_grids]
  # Stack into a single array of size (num_latents,)
  return jnp.concatenate(all_latents)


def unflatten_latent_grids(
    flattened_latents: Array,
    latent_grid_shapes: tuple[Array, ...]
) -> tuple[Array, ...]:
  """Unflattens a single flattened latent grid into a list of latent grids.

  Args:
    flattened_latents: Flattened latent grids (a 1D array).
    latent_grid_shapes: List of shapes of latent grids.

  Returns:
    List of all latent grids of shape ({T}, H, W), ({T/2}, H/2, W/2),
    ({T/4}, H/4, W/4), etc.
  """

  assert sum([np.prod(s) for s in latent_grid_shapes]) == len(flattened_latents)

  latent_grids = []

  for shape in latent_grid_shapes:
    size = np.prod(shape)
    latent_grids.append(flattened_latents[:size].reshape(shape))
    flattened_latents = flattened_latents[size:]

  return tuple(latent_grids)
