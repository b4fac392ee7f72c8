# Source: https://github.com/ssec-jhu/flfm/blob/c2a5399895dace630bdb4a878173a7b2e0afb2c1/flfm/backend/jax.py
# Title: flfm/backend/jax.py
# Cut: kept rl_step, the JaxRestoration constructor/compute_step (jitted step) and JaxIO.open; dropped export_model, the static array helpers, JaxIO.save and the settings import.
from pathlib import Path

import jax
from numpy.typing import ArrayLike
from PIL import Image

from base import BaseRestoration


def rl_step(
    data: jax.numpy.ndarray,  # [k, n, n]
    image: jax.numpy.ndarray,  # [1, n, n]
    PSF_fft: jax.numpy.ndarray,  # [k, n, n/2+1]
    PSFt_fft: jax.numpy.ndarray,  # [k, n, n/2+1]
) -> jax.numpy.ndarray:
    """Single step of the multiplicative Richardson-Lucy deconvolution algorithm.

    Args:
        data: The current estimate of the deconvolved image.
        image: The observed image.
        PSF_fft: The FFT of the point spread function.
        PSFt_fft: The FFT of the time-reversed point spread function.

    Returns:
        The next estimate of the deconvolved image.
    """
    # NOTE: This could use ``cls.rfft2``, however, we don't so that we can keep this func static.
    denominator = jax.numpy.fft.irfft2(PSF_fft * jax.numpy.fft.rfft2(data)).sum(axis=0, keepdims=True)  # [1, n, n]
    img_err = image / denominator
    return data * jax.numpy.fft.fftshift(
        jax.numpy.fft.irfft2(jax.numpy.fft.rfft2(img_err) * PSFt_fft), axes=(-2, -1)
    )  # [k, n, n]


class JaxRestoration(BaseRestoration):
    """JAX implementation of the restoration backend."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.compiled_rl_step = jax.jit(rl_step)

    def compute_step(self, *args, **kwargs):
        """Wrapper for calling ``self.compiled_func()``. Override where needed."""
        return self.compiled_rl_step(*args, **kwargs).block_until_ready()


class JaxIO:
    """JAX implementation of the IO backend."""

    @staticmethod
    def open(filename: str | Path) -> ArrayLike:
        """Open a file and return it as a numpy array."""
        img = Image.open(filename)
        frames = []
        for i in range(img.n_frames):
            img.seek(i)
            frames.append(jax.numpy.array(img))

        return jax.numpy.stack(frames, axis=0)  # [n_frames, h, w]
