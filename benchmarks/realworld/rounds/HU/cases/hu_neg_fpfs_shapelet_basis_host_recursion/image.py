# Source: https://github.com/mr-superonion/FPFS/blob/2dfcfadf3d8c76da6470859e2dc0e48a193f7072/fpfs/image.py
# Title: fpfs/image.py (measure_source: builds the shapelet basis once, then jit-projects stamps)
# Cut: constructor reduced to the nnord=4 basis set-up; prepare_chi reduced to nnord=4; the jitted
#      _itransform_chi and the vmapped measure path kept; deconvolution helpers inherited.
import jax
import logging
import numpy as np
import jax.numpy as jnp
from . import imgutil
from functools import partial


class measure_source(measure_base):

    def __init__(self, psf_data, sigma_arcsec, nnord=4, pix_scale=0.168, sigma_detect=None):
        super().__init__(psf_data=psf_data, sigma_arcsec=sigma_arcsec, nnord=nnord,
                         pix_scale=pix_scale, sigma_detect=sigma_detect)
        # Preparing shapelet basis
        self._indM = np.array([0, 10, 12, 20, 22])[:, None, None]
        self._nameM = ["M00", "M20", "M22", "M40", "M42"]
        chi = imgutil.shapelets2d(self.ngrid, nnord, self.sigmaF).reshape(
            ((nnord + 1) ** 2, self.ngrid, self.ngrid)
        )[self._indM, self._indy, self._indx]
        psi = imgutil.detlets2d(
            self.ngrid,
            self.sigmaF_det,
        )[:, :, self._indy, self._indx]
        self.prepare_chi(chi)
        self.prepare_psi(psi)
        del chi
        return

    def prepare_chi(self, chi):
        out = []
        out.append(chi.real[0])  # x00
        out.append(chi.real[1])  # x20
        out.append(chi.real[2])  # x22c
        out.append(chi.imag[2])  # x22s
        out.append(chi.real[3])  # x40
        out.append(chi.real[4])  # x42c
        out.append(chi.imag[4])  # x42s
        out = jnp.stack(out)
        self.chi = out
        return

    @partial(jax.jit, static_argnames=["self"])
    def _itransform_chi(self, data):
        out = (
            jnp.sum(
                data[None, self._indy, self._indx] * self.chi,
                axis=(1, 2),
            ).real
            / self.pix_scale**2.0
        )
        return out

    def measure(self, coords, exposure, psf_fourier=None):
        exposure = jnp.array(exposure)
        if len(coords.shape) == 2:
            func = jax.vmap(
                self.__measure_coords,
                in_axes=(0, None),
                out_axes=(0),
            )
            return func(coords, exposure)
        elif len(coords.shape) == 1:
            return self.__measure_coords(coords, exposure)

    @partial(jax.jit, static_argnames=["self"])
    def __measure_coords(self, cc, image):
        stamp = jax.lax.dynamic_slice(
            image,
            (cc[0] - self.ngrid // 2, cc[1] - self.ngrid // 2),
            (self.ngrid, self.ngrid),
        )
        gal_fourier = jnp.fft.fftshift(jnp.fft.fft2(stamp))
        gal_deconv = self.deconvolve(gal_fourier, prder=0.0, frder=1)
        return self._itransform_chi(gal_deconv)
