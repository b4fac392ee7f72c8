# Source: https://github.com/google-deepmind/c3_neural_compression/blob/e63e7519641db3d431cff623127fb2dcb825069f/model/entropy_models.py
# Title: C3 (DeepMind) model/entropy_models.py, AutoregressiveEntropyModelConvImage
# Cut: constructor reduced to the network build (mask/init helpers, scale clipping
#      and the conditional spec object dropped; use_prev_grid kept as a flag).
import haiku as hk
import jax
import jax.numpy as jnp


class AutoregressiveEntropyModelConvImage(hk.Module):
  """Convolutional autoregressive entropy model for COOL-CHIC. Image only."""

  def __init__(self, layers=(12, 12), activation_fn='gelu',
               context_num_rows_cols=(2, 2), use_conditioning=False,
               use_prev_grid=False, interpolation='bilinear',
               shift_log_scale=0.0):
    super().__init__()
    self._activation_fn = getattr(jax.nn, activation_fn)
    self._use_conditioning = use_conditioning
    self._use_prev_grid = use_prev_grid
    self._interpolation = interpolation
    self._shift_log_scale = shift_log_scale
    self.in_kernel_shape = tuple(2 * k + 1 for k in context_num_rows_cols)

    net = []
    net += [hk.Conv2D(
        output_channels=layers[0],
        kernel_shape=self.in_kernel_shape,
        name='masked_layer_0',
    ),]
    for i, width in enumerate(layers[1:] + (2,)):
      net += [
          self._activation_fn,
          hk.Conv2D(
              output_channels=width,
              kernel_shape=1,
              name=f'layer_{i+1}',
          ),
      ]
    self.net = hk.Sequential(net)

  def __call__(self, latent_grids):
    """Maps latent grids to parameters of Laplace distribution for every latent.

    Args:
      latent_grids: Tuple of all latent grids of shape (H, W), (H/2, W/2), etc.
    """
    if len(latent_grids[0].shape) == 3:
      bs = latent_grids[0].shape[0]
    else:
      bs = None

    if self._use_conditioning:
      if self._use_prev_grid:
        grids_cond = (jnp.zeros_like(latent_grids[0]),) + latent_grids[:-1]
        dist_params = []
        for prev_grid, grid in zip(grids_cond, latent_grids):
          # Resize `prev_grid` to have the same resolution as the current grid
          prev_grid_resized = jax.image.resize(
              prev_grid,
              shape=grid.shape,
              method=self._interpolation
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

    loc, log_scale = dist_params[..., 0], dist_params[..., 1]
    log_scale = log_scale + self._shift_log_scale
    scale = jnp.exp(log_scale)
    return loc, scale
