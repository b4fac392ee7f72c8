# Source: https://github.com/mr-superonion/FPFS/blob/82288f363e8b8ef9f9e33c480dd6214519c68230/fpfs/imgutil.py
# Title: FPFS fpfs/imgutil.py after "change part of the code to jax" (PR #8: use jax.jit instead of numba.njit)
# Cut: imports, the jitted Gaussian kernels, peak finding, PSF reconvolution and get_klim; the
#      numpy-only shapelet/PCA helpers in between are dropped; licence header dropped.
# python lib

import jax
import math
import numpy as np
import jax.numpy as jnp
from functools import partial


@partial(jax.jit, static_argnames=["ny", "nx", "do_shift", "return_grid"])
def _gauss_kernel(ny, nx, sigma, do_shift=False, return_grid=False):
    """Generates a Gaussian kernel on grids for np.fft.fft transform

    Args:
        ny (int):    		    grid size in y-direction
        nx (int):    		    grid size in x-direction
        sigma (float):		    scale of Gaussian in Fourier space
        do_shift (bool):        Whether do shift [True] or not [False]
                                [default: False]
        return_grid (bool):     return grids [True] or not [Flase]
                                [default: False]
    Returns:
        out (ndarray):          Gaussian on grids
        xgrid,ygrid (typle):    grids for [y, x] axes if return_grid
    """
    out = np.empty((ny, nx))
    x = jnp.fft.fftfreq(nx, 1 / np.pi / 2.0)
    y = jnp.fft.fftfreq(ny, 1 / np.pi / 2.0)
    if do_shift:
        x = jnp.fft.fftshift(x)
        y = jnp.fft.fftshift(y)
    ygrid, xgrid = jnp.meshgrid(y, x, indexing="ij")
    r2 = xgrid**2.0 + ygrid**2.0
    out = jnp.exp(-r2 / 2.0 / sigma**2.0)
    if not return_grid:
        return out
    else:
        return out, (ygrid, xgrid)


@partial(jax.jit, static_argnames=["ny", "nx", "return_grid"])
def _gauss_kernel_rfft(ny, nx, sigma, return_grid=False):
    """Generates a Gaussian kernel on grids for np.fft.rfft transform

    Args:
        ny (int):    		    grid size in y-direction
        nx (int):    		    grid size in x-direction
        sigma (float):		    scale of Gaussian in Fourier space
        return_grid (bool):     return grids or not
    Returns:
        out (ndarray):          Gaussian on grids
        ygrid, xgrid (typle):   grids for [y, x] axes, if return_grid
    """
    out = jnp.empty((ny, nx // 2 + 1))
    x = jnp.fft.rfftfreq(nx, 1 / np.pi / 2.0)
    y = jnp.fft.fftfreq(ny, 1 / np.pi / 2.0)
    ygrid, xgrid = jnp.meshgrid(y, x, indexing="ij")
    r2 = xgrid**2.0 + ygrid**2.0
    out = jnp.exp(-r2 / 2.0 / sigma**2.0)
    if not return_grid:
        return out
    else:
        return out, (ygrid, xgrid)


def gauss_kernel(ny, nx, sigma, do_shift=False, return_grid=False, use_rfft=False):
    """Generates a Gaussian kernel in Fourier space on grids

    Args:
        ny (int):    		    grid size in y-direction
        nx (int):    		    grid size in x-direction
        sigma (float):		    scale of Gaussian in Fourier space
        do_shift (bool):	    center at (0,0) [True] or [ny/2,nx/2]
        return_grid (bool):     return grids [True] or not
        use_rfft (bool):        whether use rfft [True] or not
    Returns:
        out (tuple):            Gaussian kernel and grids, if return_grid
    """
    if not isinstance(ny, int):
        raise TypeError("ny should be int")
    if not isinstance(nx, int):
        raise TypeError("nx should be int")
    if not isinstance(sigma, (float, int)):
        raise TypeError("sigma should be float or int")
    if sigma <= 0.0:
        raise ValueError("sigma should be positive")

    if not use_rfft:
        return _gauss_kernel(ny, nx, sigma, do_shift, return_grid)
    else:
        if do_shift:
            raise ValueError("do not support shifting centroid if use_rfft=True")
        return _gauss_kernel_rfft(ny, nx, sigma, return_grid)



@jax.jit
def _find_peaks_jit(imgCov, thres, thres2=0.0):
    sel = imgCov > thres
    for ax in [-1, -2]:
        for shift in [-1, 1]:
            filtered = imgCov - jnp.roll(imgCov, shift=shift, axis=ax)
            sel = jnp.logical_and(sel, (filtered >= thres2))
    return sel


def find_peaks(imgCov, thres, thres2=0.0, bound=16.0):
    """Detects peaks and returns the coordinates (y,x)
    This function does the pre-selection in Li & Mandelbaum (2023)

    Args:
        imgCov (ndarray):       convolved image
        thres (float):          detection threshold
        thres2 (float):         peak identification difference threshold
        bound (float):          minimum distance to the image boundary
    Returns:
        coord_array (ndarray):  ndarray of coordinates [y,x]
    """
    sel = _find_peaks_jit(imgCov, thres, thres2=0.0)
    data = jnp.array(jnp.int_(jnp.asarray(jnp.where(sel))))
    del sel
    ny, nx = imgCov.shape
    y = data[0]
    x = data[1]
    msk = (y > bound) & (y < ny - bound) & (x > bound) & (x < nx - bound)
    data = data[:, msk]
    return data


@partial(jax.jit, static_argnames=["klim"])
def convolve2gausspsf(img_data, psf_data, gsigma, klim):
    """This function convolves an image to transform the PSF to a Gaussian

    Args:
        img_data (ndarray):     image data
        psf_data (ndarray):     psf data
        gsigma (float):         sigma of Gaussian
        klim (float):           maximum wavenumber in Fourier space
    Returns:
        img_conv (ndarray):     the reconvolved image
    """
    ny, nx = psf_data.shape
    psf_fourier = jnp.fft.rfft2(jnp.fft.ifftshift(psf_data))
    gauss_kernel, _ = _gauss_kernel_rfft(ny, nx, gsigma, return_grid=True)

    # convolved images
    img_fourier = jnp.fft.rfft2(img_data) / psf_fourier * gauss_kernel
    if klim > 0.0:
        # apply a truncation in Fourier space
        nxklim = int(klim * nx / jnp.pi / 2.0 + 0.5)
        nyklim = int(klim * ny / jnp.pi / 2.0 + 0.5)
        img_fourier.at[nyklim + 1 : -nyklim, :].set(0.0)
        img_fourier.at[:, nxklim + 1 :].set(0.0)
    img_conv = jnp.fft.irfft2(img_fourier, (ny, nx))
    return img_conv


@jax.jit
def get_klim(psf_array, sigma, thres=1e-20):
    """Gets klim, the region outside klim is supressed by the shaplet Gaussian
    kernel in FPFS shear estimation method; therefore we set values in this
    region to zeros

    Args:
        psf_array (ndarray):    PSF's Fourier power or Fourier transform
        sigma (float):          one sigma of Gaussian Fourier power
        thres (float):          the threshold for a tuncation on Gaussian
                                [default: 1e-20]
    Returns:
        klim (float):           the limit radius
    """
    ngrid = psf_array.shape[0]

    def cond_fun(dist):
        ave = abs(
            jnp.exp(-(dist**2.0) / 2.0 / sigma**2.0)
            / psf_array[ngrid // 2 + dist, ngrid // 2]
        )
        ave += abs(
            jnp.exp(-(dist**2.0) / 2.0 / sigma**2.0)
            / psf_array[ngrid // 2, ngrid // 2 + dist]
        )
        ave = ave / 2.0
        return ave > thres

    def body_fun(dist):
        return dist + 1

    klim = jax.lax.while_loop(
        cond_fun=cond_fun,
        body_fun=body_fun,
        init_val=ngrid // 5,
    )
    return klim
