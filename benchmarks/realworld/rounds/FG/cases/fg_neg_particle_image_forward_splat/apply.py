# Source: https://github.com/antonioterpin/synthpix/blob/e48b487fc79435a8e894f768ef2b95aa1643d18e/src/synthpix/apply.py
# Title: src/synthpix/apply.py (apply a flow field to a particle image, PIV synthetic data)
# Cut: kept the forward (splatting) and backward (bilinear sampling) warps; dropped the callable-flow and particle variants.
"""Apply a flow field to an image of particles or directly to the particles."""

from collections.abc import Callable

import jax
import jax.numpy as jnp

from .utils import bilinear_interpolate, trilinear_interpolate


def apply_flow_to_image_forward(
    image: jnp.ndarray,
    flow_field: jnp.ndarray,
    dt: float,
) -> jnp.ndarray:
    """Warp a 2D image of particles according to a given flow field using forward mapping.

    For each pixel (y, x) in the input image, we compute a velocity (u, v)
    from `flow_field[y, x]`, then deposit the pixel value at the displaced
    location (y + v * dt, x + u * dt) in the output image using bilinear splatting.

    Args:
        image: 2D array (H, W) representing the input particle image.
        flow_field: 3D array (H, W, 2) representing the velocity field.
        dt: Time step for the forward mapping.

    Returns:
        A new 2D array of shape (H, W) with the particles displaced using forward mapping.
    """
    H, W = image.shape
    y_grid, x_grid = jnp.indices((H, W))

    u = flow_field[..., 0]
    v = flow_field[..., 1]

    # Forward mapping: (x_d, y_d) = (x + u * dt, y + v * dt)
    x_d = x_grid + u * dt
    y_d = y_grid + v * dt

    new_image = jnp.zeros_like(image)

    def deposit_pixel(new_image, x_src, y_src, val):
        x0 = jnp.floor(x_src).astype(int)
        y0 = jnp.floor(y_src).astype(int)

        wx = x_src - x0
        wy = y_src - y0

        def in_bounds(x, y):
            return (x >= 0) & (x < W) & (y >= 0) & (y < H)

        for dx, dy, weight in [
            (0, 0, (1 - wx) * (1 - wy)),
            (1, 0, wx * (1 - wy)),
            (0, 1, (1 - wx) * wy),
            (1, 1, wx * wy),
        ]:
            xi = x0 + dx
            yi = y0 + dy
            cond = in_bounds(xi, yi)
            new_image = jax.lax.cond(
                cond,
                lambda img: img.at[yi, xi].add(val * weight),
                lambda img: img,
                operand=new_image,
            )
        return new_image

    def body_fn(i, new_image):
        y, x = divmod(i, W)
        return deposit_pixel(new_image, x_d[y, x], y_d[y, x], image[y, x])

    new_image = jax.lax.fori_loop(0, H * W, body_fn, new_image)
    return new_image


def apply_flow_to_image_backward(
    image: jnp.ndarray,
    flow_field: jnp.ndarray,
    dt: float = 1.0,
) -> jnp.ndarray:
    """Warp a 2D image of particles according to a given flow field.

    For each pixel (y, x) in the output image, we compute a velocity (u, v)
    from `flow_field[y, x]`, then sample from the input image at
    (y_s, x_s) = (y - v * dt, x - u * dt) via bilinear interpolation.

    Args:
        image: 2D array (H, W) representing the input particle image.
        flow_field: 3D array (H, W, 2) representing the velocity field.
        dt: Time step for the backward mapping.

    Returns:
        A new 2D array of shape (H, W) with the particles displaced.
    """
    H, W = image.shape

    # Meshgrid of pixel coordinates
    ys, xs = jnp.meshgrid(jnp.arange(H), jnp.arange(W), indexing="ij")

    # Real sample locations
    dx = flow_field[..., 0]
    dy = flow_field[..., 1]
    x_f = xs - dx * dt
    y_f = ys - dy * dt

    # Bilinear interpolation to sample the image at (y_f, x_f)
    return bilinear_interpolate(
        image,
        x_f,
        y_f,
    )

