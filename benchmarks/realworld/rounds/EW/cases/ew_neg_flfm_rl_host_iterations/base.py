# Source: https://github.com/ssec-jhu/flfm/blob/c2a5399895dace630bdb4a878173a7b2e0afb2c1/flfm/backend/base.py
# Title: flfm/backend/base.py
# Cut: kept BaseRestoration.compute_step, richardson_lucy_core and richardson_lucy; dropped the Singleton base, the abstract backend methods, BaseIO and settings import (default iteration count inlined as 10).
from abc import ABC
from typing import Any

from numpy.typing import ArrayLike


class BaseRestoration(ABC):
    """Base class for the restoration backend."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.compiled_rl_step = None

    def compute_step(self, *args, **kwargs):
        """Wrapper for calling ``self.compiled_func()``. Override where needed."""
        return self.compiled_rl_step(*args, **kwargs)

    # (abstract rfft2/ones_like/flip/sum/export_model/to_device cut)

    def richardson_lucy_core(
        self,
        image: ArrayLike,  # [1, n, n]
        psf: ArrayLike,  # [k, n, n]
        num_iter: int = 10,
    ) -> ArrayLike:
        """Core of the Richardson-Lucy deconvolution algorithm.

        Args:
            image: The image to deconvolve.
            psf: The point spread function.
            num_iter: The number of iterations to run.

        Returns:
            The deconvolved image.
        """
        psf_fft = self.rfft2(psf, axis=(-2, -1))  # [k, n, n/2+1]
        psft_fft = self.rfft2(self.flip(psf, axis=(-2, -1)))  # [k, n, n/2+1]
        data = self.ones_like(psf) * 0.5  # [k, n, n]

        for _ in range(num_iter):
            data = self.compute_step(data, image, psf_fft, psft_fft)

        return data

    def richardson_lucy(
        self,
        image: ArrayLike,  # [1, n, n]
        psf: ArrayLike,  # [k, n, n]
        num_iter: int = 10,
        **kwargs,
    ) -> ArrayLike:
        """Reconstruct the image using the Richardson-Lucy deconvolution method.

        Args:
            image: The image to deconvolve.
            psf: The point spread function.
            num_iter: The number of iterations to run.
            **kwargs: Additional keyword arguments.

        Returns:
            The deconvolved image.
        """

        if "clip" in kwargs or "filter_epsilon" in kwargs:
            raise NotImplementedError

        # Copy data to device.
        image = self.to_device(image)
        psf = self.to_device(psf)

        # Do Richardson-Lucy deconvolution.
        data = self.richardson_lucy_core(image, psf, num_iter=num_iter)

        # Copy data from device.
        data = self.to_device(data, "cpu")  # TODO: Is there a use case for this in reconstruct rather than here?

        return data
