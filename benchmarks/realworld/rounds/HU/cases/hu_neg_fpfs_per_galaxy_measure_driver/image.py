# Source: https://github.com/mr-superonion/FPFS/blob/82288f363e8b8ef9f9e33c480dd6214519c68230/fpfs/image.py
# Title: fpfs/image.py (measure_source.measure at "change part of the code to jax": per-galaxy driver)
# Cut: class reduced to itransform, measure and __measure (the PSF power-stacking branch removed);
#      the measured moments are numpy structured arrays merged with numpy.lib.recfunctions.
import logging
import numpy as np
import jax.numpy as jnp
import numpy.lib.recfunctions as rfn
from . import imgutil


class measure_source(measure_base):

    def itransform(self, data, out_type="chi"):
        """Projects image onto shapelet basis vectors

        Args:
            data (ndarray): image to transfer
            out_type (str): transform type ('chi', 'psi', 'cov', or 'detcov')
        Returns:
            out (ndarray):  projection in shapelet space
        """

        # Here we divide by self.pix_scale**2. since pixel values are flux in
        # pixel (in unit of nano Jy for HSC). After dividing pix_scale**2., in
        # units of (nano Jy/ arcsec^2), dk^2 has unit (1/ arcsec^2)
        # Correspondingly, covariances are divided by self.pix_scale**4.
        if out_type == "chi":
            # chivatives/Moments
            _ = (
                np.sum(data[None, self._indy, self._indx] * self.chi, axis=(1, 2)).real
                / self.pix_scale**2.0
            )
            out = np.array(tuple(_), dtype=self.chi_types)
        elif out_type == "psi":
            # chivatives/Moments
            _ = (
                np.sum(data[None, self._indy, self._indx] * self.psi, axis=(1, 2)).real
                / self.pix_scale**2.0
            )
            out = np.array(tuple(_), dtype=self.psi_types)
        else:
            raise ValueError(
                "out_type can only be 'chi' or 'psi',\
                    but the input is '%s'"
                % out_type
            )
        return out

    def measure(self, gal_data, psf_fourier=None):
        """Measures the FPFS moments

        Args:
            gal_data (ndarray|list):    galaxy image
            psf_fourier (ndarray):      PSF's Fourier transform
        Returns:
            out (ndarray):              FPFS moments
        """
        if psf_fourier is not None:
            self.psf_fourier = psf_fourier
            self.psf_pow = (np.conjugate(psf_fourier) * psf_fourier).real
        if isinstance(gal_data, np.ndarray):
            assert gal_data.shape[-1] == gal_data.shape[-2]
            if len(gal_data.shape) == 2:
                # single galaxy
                out = self.__measure(gal_data)
                return out
            elif len(gal_data.shape) == 3:
                results = []
                for gal in gal_data:
                    _g = self.__measure(gal)
                    results.append(_g)
                out = rfn.stack_arrays(results, usemask=False)
                return out
            else:
                raise ValueError("Input galaxy data has wrong ndarray shape.")
        elif isinstance(gal_data, list):
            assert isinstance(gal_data[0], np.ndarray)
            # list of galaxies
            results = []
            for gal in gal_data:
                _g = self.__measure(gal)
                results.append(_g)
            out = rfn.stack_arrays(results, usemask=False)
            return out
        else:
            raise TypeError(
                "Input galaxy data has wrong type (neither list nor ndarray)."
            )

    def __measure(self, data):
        """Measures the FPFS moments

        Args:
            data (ndarray):     galaxy image array [centroid does not matter]
        Returns:
            mm (ndarray):       FPFS moments
        """
        gal_fourier = np.fft.fftshift(np.fft.fft2(data))
        gal_deconv = self.deconvolve(gal_fourier, prder=0.0, frder=1)
        mm = self.itransform(gal_deconv, out_type="chi")  # FPFS shapelets
        mp = self.itransform(gal_deconv, out_type="psi")  # FPFS detection
        mm = rfn.merge_arrays([mm, mp], flatten=True, usemask=False)
        del gal_deconv, mp
        return mm
