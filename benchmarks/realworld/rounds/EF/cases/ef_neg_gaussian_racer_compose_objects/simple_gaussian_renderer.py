# Source: https://github.com/bmabsout/gaussian_racer_jax/blob/b88d6e44dae31c90020842a76a41fa34a626e3ee/src/simple_gaussian_renderer.py
# Title: gaussian_racer_jax src/simple_gaussian_renderer.py
# Cut: whole file minus the colormap import and docstrings of create_random_gaussians
import jax
import jax.numpy as jnp
from functools import partial
from typing import NamedTuple


class Gaussians(NamedTuple):
    """Represents a collection of 2D Gaussians with parallel arrays."""
    pos: jnp.ndarray    # shape: (n, 2) for positions
    std: jnp.ndarray    # shape: (n,)
    intensity: jnp.ndarray  # shape: (n,)

    @staticmethod
    def compose(*gaussians: 'Gaussians') -> 'Gaussians':
        """Combine multiple Gaussians objects."""
        if not gaussians:
            return Gaussians(
                pos=jnp.zeros((0, 2)),
                std=jnp.zeros(0),
                intensity=jnp.zeros(0)
            )
        return Gaussians(
            pos=jnp.concatenate([g.pos for g in gaussians]),
            std=jnp.concatenate([g.std for g in gaussians]),
            intensity=jnp.concatenate([g.intensity for g in gaussians])
        )


def render_gaussians_at_positions(positions, gaussians):
    diff = positions[None, :, :] - gaussians.pos[:, None, :]  # (n_gaussians, n_pixels, 2)
    sq_distances = jnp.sum(diff**2, axis=-1)
    values = gaussians.intensity[:, None] * jnp.exp(-0.5 * sq_distances / (gaussians.std[:, None]**2))
    return jnp.sum(values, axis=0)  # shape: (n_pixels,)


@partial(jax.jit, static_argnums=(3, 4))
def render_view(gaussians, view_center, view_size, width: int, height: int):
    x = jnp.linspace(-view_size[0]/2, view_size[0]/2, width)
    y = jnp.linspace(-view_size[1]/2, view_size[1]/2, height)
    X, Y = jnp.meshgrid(x, y, indexing='ij')
    positions = jnp.stack([X + view_center[0], Y + view_center[1]], axis=-1)
    values = render_gaussians_at_positions(positions.reshape(-1, 2), gaussians)
    image = values.reshape(width, height)
    return jnp.clip(image/2.0, 0.0, 1.0)
