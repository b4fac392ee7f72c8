# Source: https://github.com/IntelligentSensingAndRehabilitation/MultiCameraTracking/blob/b88115eca4cc4833ac35189b0df832721d36e245/multi_camera/analysis/optimize_reconstruction.py
# Title: multi_camera/analysis/optimize_reconstruction.py (ImplicitTrajectory, losses)
# Cut: KeypointTrajectory (explicit grid model) and relative_smoothness_loss removed.
from typing import Sequence, Callable

import jax
import jax.numpy as jnp
import flax.linen as nn

Initializer = Callable


def positional_encoding(inputs, positional_encoding_dims=3):
    batch_size, _ = inputs.shape
    inputs_freq = jax.vmap(lambda x: inputs * 2.0**x)(jnp.arange(positional_encoding_dims))
    periodic_fns = jnp.stack([jnp.sin(inputs_freq), jnp.cos(inputs_freq)])
    periodic_fns = periodic_fns.swapaxes(0, 2).reshape([batch_size, -1])
    periodic_fns = jnp.concatenate([inputs, periodic_fns], axis=-1)
    return periodic_fns


class ImplicitTrajectory(nn.Module):
    """This module defines the implicit function that maps from time to the 3D joint locations."""

    size: int
    features: Sequence[int]
    joints: int = 17
    spatial_dims: int = 3
    dense_init: Initializer = nn.initializers.lecun_normal()
    concatenate_layers = 4

    @nn.compact
    def __call__(self, input_points):
        # works better when using time scale (0,1)
        input_points = input_points / self.size * jnp.pi
        input_points = positional_encoding(input_points, 6)

        x = input_points

        for i, feat in enumerate(self.features):
            x = nn.Dense(feat, kernel_init=self.dense_init)(x)
            x = nn.LayerNorm()(x)
            x = nn.relu(x)
            if i < self.concatenate_layers:
                x = jnp.concatenate([x, input_points], axis=-1)
        x = nn.Dense(self.joints * self.spatial_dims)(x)
        x = x.reshape(-1, self.joints, self.spatial_dims)
        return x * 1000.0


def huber(x, delta=5.0, max=10000, max_slope=0.1):
    """Huber loss."""
    x = jnp.where(jnp.abs(x) < delta, 0.5 * x**2, delta * (jnp.abs(x) - 0.5 * delta))
    x = jnp.where(x > max, (x - max) * max_slope + max, x)
    return x


def smoothness_loss(points3d):
    delta = jnp.diff(points3d, axis=0)
    delta = jnp.linalg.norm(delta, axis=-1)
    return jnp.nanmean(delta)


def skeleton_loss(points3d, skeleton_pairs):
    """Compute change in limb lengths"""
    limb_lengths = points3d[:, skeleton_pairs[:, 0]] - points3d[:, skeleton_pairs[:, 1]]
    limb_lengths = jnp.linalg.norm(limb_lengths, axis=-1)
    delta_limb_lengths = jnp.var(limb_lengths, axis=0)
    return jnp.sqrt(jnp.nanmean(delta_limb_lengths))


def build_implicit(keypoints2d):
    n_steps = keypoints2d.shape[1]
    n_joints = keypoints2d.shape[2]
    model = ImplicitTrajectory(size=n_steps, features=[128, 256, 512, 1024, 2048], joints=n_joints, spatial_dims=3)
    return model
