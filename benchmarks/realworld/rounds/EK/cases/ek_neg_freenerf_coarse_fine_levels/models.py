# Source: https://github.com/Jiawei-Yang/FreeNeRF/blob/c2d8bdc5b5cfa9287d1141088eb8c37b6a91eed0/internal/models.py
# Title: FreeNeRF internal/models.py (MipNerfModel.__call__)
# Cut: gin decorators, docstrings, extras and the MLP definition dropped; the loop over sampling levels kept.
from typing import Any, Callable

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import random

from internal import mip


class MipNerfModel(nn.Module):
  """Nerf NN Model with both coarse and fine MLPs."""
  config: Any = None
  num_samples: int = 128  # The number of samples per level.
  num_levels: int = 2  # The number of sampling levels.
  stop_level_grad: bool = True
  use_viewdirs: bool = True
  genspace_fn: Callable[..., Any] = None
  ray_shape: str = 'cone'
  disable_integration: bool = False
  single_jitter: bool = False

  @nn.compact
  def __call__(self, rng, rays, resample_padding, compute_extras, freq_reg_mask=None):
    mlp = MLP()
    t_to_s, s_to_t = mip.construct_ray_warps(None, rays.near, rays.far)
    ray_history = []
    renderings = []
    for i_level in range(self.num_levels):
      if rng is None:
        key = None
      else:
        key, rng = random.split(rng)

      if i_level == 0:
        t_vals, samples = mip.sample_along_rays(
            key, rays.origins, rays.directions, rays.radii, self.num_samples,
            rays.near, rays.far, self.genspace_fn, self.ray_shape, self.single_jitter)
      else:
        t_vals, samples = mip.resample_along_rays(
            key, rays.origins, rays.directions, rays.radii, t_vals, weights,
            self.ray_shape, self.stop_level_grad, resample_padding, self.single_jitter)

      if self.disable_integration:
        samples = (samples[0], jnp.zeros_like(samples[1]))

      (rgb, density, normals) = mlp(rng, samples, rays.viewdirs, freq_reg_mask=freq_reg_mask)

      weights, _, _, delta = mip.compute_alpha_weights(density, t_vals, rays.directions)
      rendering = mip.volumetric_rendering(
          rgb, weights, normals, t_vals, self.config.white_background,
          self.config.vis_num_rays, compute_extras, delta)
      renderings.append(rendering)
      ray_history.append(
        {'weights': weights, 'rgb': rgb, 'density': density, 'sdist': t_to_s(t_vals)}
      )
    return renderings, ray_history


class MLP(nn.Module):
  pass  # definition dropped
