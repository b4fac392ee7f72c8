# Source: https://github.com/mr-superonion/FPFS/blob/2dfcfadf3d8c76da6470859e2dc0e48a193f7072/fpfs/imgutil.py
# Title: fpfs/imgutil.py (FPFS shear estimator: shapelet and detection bases in Fourier space)
# Cut: detlets2d and shapelets2d as written (docstrings shortened); gauss_kernel imported.
import jax
import math
import numpy as np
import jax.numpy as jnp
from functools import partial

from .kernels import gauss_kernel


def detlets2d(ngrid, sigma):
    """Generates shapelets function in Fourier space, chi00 are normalized to 1.
    Returns:
        psi (ndarray):  2d detlets basis in shape of [8,3,ngrid,ngrid]
    """
    # Gaussian Kernel
    gauss_ker, (k2grid, k1grid) = gauss_kernel(
        ngrid, ngrid, sigma, do_shift=True, return_grid=True
    )
    # for inverse Fourier transform
    gauss_ker = gauss_ker / ngrid**2.0
    # for shear response
    q1_ker = (k1grid**2.0 - k2grid**2.0) / sigma**2.0 * gauss_ker
    q2_ker = (2.0 * k1grid * k2grid) / sigma**2.0 * gauss_ker
    # quantities for neighbouring pixels
    d1_ker = (-1j * k1grid) * gauss_ker
    d2_ker = (-1j * k2grid) * gauss_ker
    # initial output psi function
    psi = np.zeros((8, 3, ngrid, ngrid), dtype=np.complex64)
    for _ in range(8):
        x = np.cos(np.pi / 4.0 * _)
        y = np.sin(np.pi / 4.0 * _)
        foub = np.exp(1j * (k1grid * x + k2grid * y))
        psi[_, 0] = gauss_ker - gauss_ker * foub
        psi[_, 1] = q1_ker - (q1_ker + x * d1_ker - y * d2_ker) * foub
        psi[_, 2] = q2_ker - (q2_ker + y * d1_ker + x * d2_ker) * foub
    return psi


def shapelets2d(ngrid, nord, sigma):
    """Generates complex shapelets function in Fourier space, chi00 are
    normalized to 1
    Returns:
        chi (ndarray):  2d shapelet basis in shape of [nord,nord,ngrid,ngrid]
    """

    mord = nord
    # Set grids with dk=2pi/N/sigma
    xy1d = np.fft.fftshift(np.fft.fftfreq(ngrid, d=sigma / 2.0 / np.pi))
    xfunc, yfunc = np.meshgrid(xy1d, xy1d)  # 2d grids
    rfunc = np.sqrt(xfunc**2.0 + yfunc**2.0)  # radius
    gaufunc = np.exp(-rfunc * rfunc / 2.0)  # Gaussian
    rmask = rfunc != 0.0
    xtfunc = np.zeros((ngrid, ngrid), dtype=np.float64)
    ytfunc = np.zeros((ngrid, ngrid), dtype=np.float64)
    np.divide(xfunc, rfunc, where=rmask, out=xtfunc)  # cos(phi)
    np.divide(yfunc, rfunc, where=rmask, out=ytfunc)  # sin(phi)
    eulfunc = xtfunc + 1j * ytfunc  # e^{jphi}
    # Set up Laguerre function
    lfunc = np.zeros((nord + 1, mord + 1, ngrid, ngrid), dtype=np.float64)
    lfunc[0, :, :, :] = 1.0
    lfunc[1, :, :, :] = 1.0 - rfunc * rfunc + np.arange(mord + 1)[None, :, None, None]
    #
    chi = np.zeros((nord + 1, mord + 1, ngrid, ngrid), dtype=np.complex64)
    for n in range(2, nord + 1):
        for m in range(mord + 1):
            lfunc[n, m, :, :] = (2.0 + (m - 1.0 - rfunc * rfunc) / n) * lfunc[
                n - 1, m, :, :
            ] - (1.0 + (m - 1.0) / n) * lfunc[n - 2, m, :, :]
    for nn in range(nord + 1):
        for mm in range(nn, -1, -2):
            c1 = (nn - abs(mm)) // 2
            d1 = (nn + abs(mm)) // 2
            cc = math.factorial(c1) + 0.0
            dd = math.factorial(d1) + 0.0
            cc = cc / dd
            chi[nn, mm, :, :] = (
                pow(-1.0, d1)
                * pow(cc, 0.5)
                * lfunc[c1, abs(mm), :, :]
                * pow(rfunc, abs(mm))
                * gaufunc
                * eulfunc**mm
                * (1j) ** nn
            )
    # return chi*dk^2 (assuming pixel scale in configuration space is 1)
    chi = chi / ngrid**2.0
    return chi
