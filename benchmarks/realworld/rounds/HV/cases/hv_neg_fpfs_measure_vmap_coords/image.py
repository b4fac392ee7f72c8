# Source: https://github.com/mr-superonion/FPFS/blob/2dfcfadf3d8c76da6470859e2dc0e48a193f7072/fpfs/image.py
# Title: FPFS fpfs/image.py after "updating the processing code to jax" (follow-up of PR #8: use jax.jit instead of numba.njit)
# Cut: measure_base (constructor and deconvolve) and the measurement half of measure_source
#      (prepare_psi, the jitted projections, measure with vmap over coordinates); measure_noise_cov,
#      measure_source.__init__/prepare_chi, detect_sources and the licence header are dropped.
import jax
import logging
import numpy as np
import jax.numpy as jnp
from . import imgutil
from functools import partial


class measure_base:
    """A base class for measurement, which is extended to measure_source
    and measure_noise_cov
    Args:
        psf_data (ndarray):     an average PSF image used to initialize the task
        nnord (int):            the highest order of Shapelets radial
                                components [default: 4]
        sigma_arcsec (float):   Shapelet kernel size
        pix_scale (float):      pixel scale in arcsec [default: 0.168 arcsec]
        sigma_detect (float):   detection kernel size
    """

    _DefaultName = "measure_base"

    def __init__(
        self,
        psf_data,
        sigma_arcsec,
        nnord=4,
        pix_scale=0.168,
        sigma_detect=None,
    ):
        if sigma_arcsec <= 0.0 or sigma_arcsec > 5.0:
            raise ValueError("sigma_arcsec should be positive and less than 5 arcsec")
        if sigma_detect is None:
            sigma_detect = sigma_arcsec
        self.ngrid = psf_data.shape[0]
        self.nnord = nnord

        # Preparing PSF
        psf_data = jnp.array(psf_data, dtype="<f8")
        self.psf_fourier = jnp.fft.fftshift(jnp.fft.fft2(psf_data))
        self.psf_pow = jnp.array(imgutil.get_fourier_pow(psf_data))

        # A few import scales
        self.pix_scale = pix_scale  # this is only used to normalize basis functions
        self._dk = 2.0 * jnp.pi / self.ngrid  # assuming pixel scale is 1
        # # old function uses beta
        # # scale radius of PSF's Fourier transform (in units of dk)
        # sigmaPsf    =   imgutil.get_r_naive(self.psf_pow)*jnp.sqrt(2.)
        # # shapelet scale
        # sigma_pix   =   max(min(sigmaPsf*beta,6.),1.) # in units of dk
        # self.sigmaF =   sigma_pix*self._dk      # assume pixel scale is 1
        # sigma_arcsec  =   1./self.sigmaF*self.pix_scale

        # the following two assumes pixel_scale = 1
        self.sigmaF = self.pix_scale / sigma_arcsec
        self.sigmaF_det = self.pix_scale / sigma_detect
        sigma_pixf = self.sigmaF / self._dk
        sigma_pixf_det = self.sigmaF_det / self._dk
        logging.info(
            "Shapelet kernel in configuration space: sigma= %.4f arcsec"
            % (sigma_arcsec)
        )
        logging.info(
            "Detection kernel in configuration space: sigma= %.4f arcsec"
            % (sigma_detect)
        )
        # effective nyquest wave number
        self.klim_pix = imgutil.get_klim(
            self.psf_pow, (sigma_pixf + sigma_pixf_det) / 2.0 / jnp.sqrt(2.0)
        )  # in pixel units
        self.klim = self.klim_pix * self._dk  # assume pixel scale is 1
        # index bounds
        self._indx = jnp.arange(
            self.ngrid // 2 - self.klim_pix,
            self.ngrid // 2 + self.klim_pix + 1,
        )
        self._indy = self._indx[:, None]
        self._ind2d = jnp.ix_(self._indx, self._indx)
        return

    def set_klim(self, klim):
        """
        set klim, the area outside klim is supressed by the shaplet Gaussian
        kerenl
        """
        self.klim_pix = klim
        self._indx = jnp.arange(
            self.ngrid // 2 - self.klim_pix, self.ngrid // 2 + self.klim_pix + 1
        )
        self._indy = self._indx[:, None]
        self._ind2d = jnp.ix_(self._indx, self._indx)
        return

    @partial(jax.jit, static_argnames=["self"])
    def deconvolve(self, data, prder=1.0, frder=1.0):
        """Deconvolves input data with the PSF or PSF power

        Args:
            data (ndarray):
                galaxy power or galaxy Fourier transfer, origin is set to
                [ngrid//2,ngrid//2]
            prder (float):
                deconvlove order of PSF FT power
            frder (float):
                deconvlove order of PSF FT
        Returns:
            out (ndarray):
                Deconvolved galaxy power [truncated at klim]
        """
        out = jnp.zeros(data.shape, dtype="complex128")
        out2 = out.at[self._ind2d].set(
            data[self._ind2d]
            / self.psf_pow[self._ind2d] ** prder
            / self.psf_fourier[self._ind2d] ** frder
        )
        return out2




class measure_source(measure_base):
    """A class to measure FPFS shapelet mode estimation

    Args:
        psf_data (ndarray):     an average PSF image used to initialize the task
        sigma_arcsec (float):   Shapelet kernel size
        nnord (int):            the highest order of Shapelets radial components
                                [default: 4]
        pix_scale (float):      pixel scale in arcsec [default: 0.168 arcsec]
        sigma_detect (float):   detection kernel size
    """

    _DefaultName = "measure_source"

    def prepare_psi(self, psi):
        """Prepares the basis to estimate detection modes

        Args:
            psi (ndarray):  2d detection basis
        """
        self.psi_types = []
        out = []
        for _ in range(8):
            out.append(psi[_, 0])  # psi
            out.append(psi[_, 1])  # psi;1
            out.append(psi[_, 2])  # psi;2
            self.psi_types.append(("fpfs_v%d" % _, "<f8"))
            self.psi_types.append(("fpfs_v%dr1" % _, "<f8"))
            self.psi_types.append(("fpfs_v%dr2" % _, "<f8"))
        out = jnp.stack(out)
        assert len(out) == len(self.psi_types)
        self.psi = out
        return

    @partial(jax.jit, static_argnames=["self"])
    def _itransform_chi(self, data):
        """Projects image onto shapelet basis vectors

        Args:
            data (ndarray): image to transfer
        Returns:
            out (ndarray):  projection in shapelet space
        """

        # Here we divide by self.pix_scale**2. since pixel values are flux in
        # pixel (in unit of nano Jy for HSC). After dividing pix_scale**2., in
        # units of (nano Jy/ arcsec^2), dk^2 has unit (1/ arcsec^2)
        # Correspondingly, covariances are divided by self.pix_scale**4.
        # chivatives/Moments
        out = (
            jnp.sum(
                data[None, self._indy, self._indx] * self.chi,
                axis=(1, 2),
            ).real
            / self.pix_scale**2.0
        )
        return out

    @partial(jax.jit, static_argnames=["self"])
    def _itransform_psi(self, data):
        """Projects image onto shapelet basis vectors

        Args:
            data (ndarray): image to transfer
        Returns:
            out (ndarray):  projection in shapelet space
        """

        # Here we divide by self.pix_scale**2. since pixel values are flux in
        # pixel (in unit of nano Jy for HSC). After dividing pix_scale**2., in
        # units of (nano Jy/ arcsec^2), dk^2 has unit (1/ arcsec^2)
        # Correspondingly, covariances are divided by self.pix_scale**4.
        # chivatives/Moments
        out = (
            jnp.sum(
                data[None, self._indy, self._indx] * self.psi,
                axis=(1, 2),
            ).real
            / self.pix_scale**2.0
        )
        return out

    def measure(self, coords, exposure, psf_fourier=None):
        """Measures the FPFS moments

        Args:
            gal_data (ndarray|list):    galaxy image
            psf_fourier (ndarray):      PSF's Fourier transform
        Returns:
            out (ndarray):              FPFS moments
        """
        if psf_fourier is not None:
            self.psf_fourier = psf_fourier
            self.psf_pow = (jnp.conjugate(psf_fourier) * psf_fourier).real
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
        out = self.__measure_stamp(stamp)
        return out

    @partial(jax.jit, static_argnames=["self"])
    def __measure_stamp(self, data):
        """Measures the FPFS moments

        Args:
            data (ndarray):     galaxy image array [centroid does not matter]
        Returns:
            mm (ndarray):       FPFS moments
        """
        gal_fourier = jnp.fft.fftshift(jnp.fft.fft2(data))
        gal_deconv = self.deconvolve(gal_fourier, prder=0.0, frder=1)
        mm = self._itransform_chi(gal_deconv)  # FPFS shapelets
        mp = self._itransform_psi(gal_deconv)  # FPFS detection
        return jnp.hstack([mm, mp])

