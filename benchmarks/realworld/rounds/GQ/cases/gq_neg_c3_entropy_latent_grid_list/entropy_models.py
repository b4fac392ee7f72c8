# Source: https://github.com/google-deepmind/c3_neural_compression/blob/e63e7519641db3d431cff623127fb2dcb825069f/model/entropy_models.py
# Title: c3_neural_compression model/entropy_models.py (autoregressive entropy model over a pyramid of latent grids, haiku)
# Cut: constructor reconstructed as a plain 1x1-conv stack (the original uses masked causal convs); masks, clipping and the video subclass cut; __call__ kept
import haiku as hk
import jax
import jax.numpy as jnp

Array = jax.Array


class AutoregressiveEntropyModelConvImage(hk.Module):

  def __init__(self, conditional_spec, layers=(12, 12), shift_log_scale=0.0, name=None):
    super().__init__(name=name)
    self._conditional_spec = conditional_spec
    self._shift_log_scale = shift_log_scale
    net = []
    for i, width in enumerate(layers):
      net += [jax.nn.gelu, hk.Conv2D(output_channels=width, kernel_shape=1, name=f'layer_{i+1}')]
    net += [hk.Conv2D(output_channels=2, kernel_shape=1, name='final')]
    self.net = hk.Sequential(net)

  def __call__(self, latent_grids: tuple[Array, ...]) -> tuple[Array, Array]:
    """Maps latent grids to parameters of Laplace distribution for every latent.

    Args:
      latent_grids: Tuple of all latent grids of shape (H, W), (H/2, W/2), etc.
    """
    if len(latent_grids[0].shape) == 3:
      bs = latent_grids[0].shape[0]
    else:
      bs = None

    if self._conditional_spec.use_conditioning:
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
      # If not using conditioning, just apply the same network to each latent
      # grid. Each element of dist_params has shape (h[k], w[k], 2).
      dist_params = [self.net(g[..., None]) for g in latent_grids]

    if bs is not None:
      dist_params = [p.reshape(bs, -1, 2) for p in dist_params]
      dist_params = jnp.concatenate(dist_params, axis=1)  # (bs, num_latents, 2)
    else:
      dist_params = [p.reshape(-1, 2) for p in dist_params]
      dist_params = jnp.concatenate(dist_params, axis=0)  # (num_latents, 2)

    loc, log_scale = dist_params[..., 0], dist_params[..., 1]
    log_scale = log_scale + self._shift_log_scale
    return loc, jnp.exp(log_scale)


def flatten_latent_grids(latent_grids: tuple[Array, ...]) -> Array:
  """Flattens list of latent grids into a single array."""
  # Reshape each latent grid from ({t}, h, w) to ({t} * h * w,)
  all_latents = [latent_grid.reshape(-1) for latent_grid in latent_grids]
  # Stack into a single array of size (num_latents,)
  return jnp.concatenate(all_latents)
