# Source: https://github.com/google-deepmind/c3_neural_compression/blob/e63e7519641db3d431cff623127fb2dcb825069f/model/layers.py
# Title: C3 (DeepMind) model/layers.py, EfficientConv (masked Conv3D as two Conv2Ds)
# Cut: init_like_conv3d / causal_mask / _apply reduced (init at running_init dropped,
#      _apply rewritten in a few lines); the vmap over time is as in the source.
import functools

import haiku as hk
import jax
import jax.numpy as jnp
import numpy as np


def causal_mask(kernel_shape, f_out):
  mask = np.ones(kernel_shape + (1, f_out), dtype=bool)
  h, w = kernel_shape
  mask[h // 2, w // 2:] = False
  mask[h // 2 + 1:] = False
  return mask


class EfficientConv(hk.Module):
  """Conv2D ops equivalent to a masked Conv3D for a particular setting."""

  def __init__(self, output_channels, kernel_shape_current, kernel_shape_prev,
               kernel_shape_conv3d, name=None):
    super().__init__(name=name)
    self.output_channels = output_channels
    self.kernel_shape_current = kernel_shape_current
    self.kernel_shape_prev = kernel_shape_prev
    self.kernel_shape_conv3d = kernel_shape_conv3d

  def __call__(self, x, prev_frame_mask_top_left, **unused_kwargs):
    assert x.ndim == 4  # T, H, W, C
    inputs = jnp.concatenate([jnp.zeros_like(x[0:1]), x], axis=0)

    # conv_current needs to be causally masked, but conv_prev doesn't use casual
    # masking.
    mask = causal_mask(
        kernel_shape=self.kernel_shape_current, f_out=self.output_channels
    )
    self.conv_current = hk.Conv2D(
        self.output_channels,
        self.kernel_shape_current,
        mask=mask,
        name='conv_current_masked_layer',
    )
    if prev_frame_mask_top_left is not None:
      self.conv_prev = hk.Conv2D(
          self.output_channels,
          self.kernel_shape_prev,
          name='conv_prev',
      )
    apply_fn = functools.partial(
        self._apply, prev_frame_mask_top_left=prev_frame_mask_top_left
    )
    # We vmap across time, looping over current and previous frames.
    return jax.vmap(apply_fn)(inputs[1:], inputs[:-1])

  def _apply(self, x_current, x_prev, prev_frame_mask_top_left):
    out = self.conv_current(x_current)
    if prev_frame_mask_top_left is not None:
      out = out + self.conv_prev(x_prev)
    return out


def _entropy_params(latent_video):
  conv = EfficientConv(2, (5, 5), (3, 3), (3, 5, 5))
  return conv(latent_video[..., None], prev_frame_mask_top_left=(1, 1))

entropy_params = hk.without_apply_rng(hk.transform(_entropy_params))
