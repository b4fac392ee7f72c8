# Source: https://github.com/Computational-Optics-Lab/jax-image-processing/blob/8e74e280658d267394d3ebb1b05aa4c488ef507b/color_manipulation.py
# Title: color_manipulation.py (Bayer masks and demosaicing in JAX)
# Cut: kept get_bayer_mask and jax_bayer2GRAY without docstrings; dropped the RGB and HSV conversions.
from typing import Tuple

import jax
import jax.numpy as jnp
import numpy as np
from chex import Array

__all__ = ["get_bayer_mask", "jax_bayer2GRAY", "jax_bayer2RGB", "jax_RGB2bayer"]


def get_bayer_mask(shape: Tuple[int, int]) -> Tuple[Array, Array, Array]:
    channels = {channel: np.zeros(shape, dtype="bool") for channel in "rgb"}
    for channel, (y, x) in zip("grbg", [(0, 0), (0, 1), (1, 0), (1, 1)]):
        channels[channel][y::2, x::2] = 1

    return jnp.array(tuple(channels.values()))


def jax_bayer2GRAY(image: Array, mask: Tuple[Array, Array, Array]) -> Array:
    interpolation_g = (
        jnp.array(
            [
                [0, 1, 0],
                [1, 4, 1],
                [0, 1, 0],
            ]
        )
        / 4
    )

    interpolation_rb = (
        jnp.array(
            [
                [1, 2, 1],
                [2, 4, 2],
                [1, 2, 1],
            ]
        )
        / 4
    )
    R = jax.scipy.signal.convolve2d(
        jnp.pad(image * mask[0], pad_width=1, mode="reflect"),
        interpolation_rb,
        mode="valid",
    )

    G = jax.scipy.signal.convolve2d(
        jnp.pad(image * mask[1], pad_width=1, mode="reflect"),
        interpolation_g,
        mode="valid",
    )
    B = jax.scipy.signal.convolve2d(
        jnp.pad(image * mask[2], pad_width=1, mode="reflect"),
        interpolation_rb,
        mode="valid",
    )

    return 0.299 * R + 0.587 * G + 0.114 * B
