# Source: https://github.com/mr-superonion/FPFS/blob/2dfcfadf3d8c76da6470859e2dc0e48a193f7072/fpfs/imgutil.py
# Title: fpfs/imgutil.py (FPFS shear estimator: peak detection on the PSF-convolved image)
# Cut: only _find_peaks_jit and find_peaks, as written.
import jax
import math
import numpy as np
import jax.numpy as jnp
from functools import partial


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
