# Source: https://github.com/exoplanet-dev/jaxoplanet/blob/6972b779fd9932db50d03ba451c137edcb6406e4/src/jaxoplanet/starry/core/rotation.py
# Title: src/jaxoplanet/starry/core/rotation.py (spherical-harmonic rotation by per-degree Wigner blocks)
# Cut: axis-angle helpers, projections, dot_rz and fast_direct_left_project removed; rotar cut after
#      its degree loop (the explicit D[1]/R[1] blocks elided) and dlmn's body elided.
import math
from functools import partial

import jax
import jax.numpy as jnp
from jax.scipy.spatial.transform import Rotation

from jaxoplanet.starry import utils
from jaxoplanet.starry.core.s2fft_rotation import (
    compute_rotation_matrices as compute_rotation_matrices_s2fft,
    rotate_flms,
)
from jaxoplanet.types import Array
from jaxoplanet.utils import get_dtype_eps


def dot_rotation_matrix(ydeg, x, y, z, theta):
    """Construct a callable to apply a spherical harmonic rotation

    Args:
        ydeg (int): The order of the spherical harmonic map
        x (float): The x component of the rotation axis
        y (float): The y component of the rotation axis
        z (float): The z component of the rotation axis
        theta (float): The rotation angle in radians
    """
    try:
        ydeg = int(ydeg)
    except TypeError as e:
        raise TypeError(f"ydeg must be an integer; got {ydeg}") from e

    if theta is None:

        def do_dot(M):
            return M

        return do_dot

    if x is None and y is None:
        if z is None:
            raise ValueError("Either x, y, or z must be specified")

        return dot_rz(ydeg, theta)

    x = 0.0 if x is None else x
    y = 0.0 if y is None else y
    z = 0.0 if z is None else z

    if jnp.shape(x) != ():
        raise ValueError(f"x must be a scalar; got {jnp.shape(x)}")
    if jnp.shape(y) != ():
        raise ValueError(f"y must be a scalar; got {jnp.shape(y)}")
    if jnp.shape(z) != ():
        raise ValueError(f"z must be a scalar; got {jnp.shape(z)}")
    if jnp.shape(theta) != ():
        raise ValueError(f"theta must be a scalar; got {jnp.shape(theta)}")

    rotation_matrices = compute_rotation_matrices_s2fft(ydeg, x, y, z, theta)
    n_max = ydeg**2 + 2 * ydeg + 1

    @jax.jit
    @partial(jnp.vectorize, signature=f"({n_max})->({n_max})")
    def do_dot(M):
        """Rotate a spherical harmonic map

        Args:
            M (Array[..., n_max]): The spherical harmonic map to rotate
        """
        if M.shape[-1] != n_max:
            raise ValueError(
                f"Dimension mismatch: Input array must have shape (..., {n_max}); "
                f"got {M.shape}"
            )
        result = []
        for ell in range(ydeg + 1):
            result.append(
                M[ell * ell : ell * ell + 2 * ell + 1] @ rotation_matrices[ell]
            )
        return jnp.concatenate(result, axis=0)

    return do_dot

@partial(jax.jit, static_argnums=(0,))
def compute_rotation_matrices(ydeg, x, y, z, theta):
    # we need the axis to be a unit vector - enforce that here
    norm = jnp.sqrt(x * x + y * y + z * z)
    # handle the case where axis is (0, 0, 0)
    x = jnp.where(norm == 0.0, 0.0, x / norm)
    y = jnp.where(norm == 0.0, 0.0, y / norm)
    z = jnp.where(norm == 0.0, 0.0, z / norm)

    s = jnp.sin(theta)
    c = jnp.cos(theta)
    ra01 = x * y * (1 - c) - z * s
    ra02 = x * z * (1 - c) + y * s
    ra11 = c + y * y * (1 - c)
    ra12 = y * z * (1 - c) - x * s
    ra20 = z * x * (1 - c) - y * s
    ra21 = z * y * (1 - c) + x * s
    ra22 = c + z * z * (1 - c)

    tol = 10 * get_dtype_eps(ra22)
    cond_neg = jnp.less(jnp.abs(ra22 + 1.0), tol)
    cond_pos = jnp.less(jnp.abs(ra22 - 1.0), tol)
    cond_full = jnp.logical_or(cond_pos, cond_neg)
    sign = cond_neg.astype(int) - cond_pos.astype(int)
    norm1 = jnp.sqrt(jnp.where(cond_full, 1, ra20 * ra20 + ra21 * ra21))
    norm2 = jnp.sqrt(jnp.where(cond_full, 1, ra02 * ra02 + ra12 * ra12))
    cos_beta = ra22
    ra22_ = jnp.where(cond_full, 0.0, ra22)
    sin_beta = jnp.where(
        cond_full,
        1 + sign * ra22,
        jnp.sqrt(1 - ra22_ * ra22_),  # type: ignore
    )
    cos_gamma = jnp.where(cond_full, ra11, -ra20 / norm1)
    sin_gamma = jnp.where(cond_full, sign * ra01, ra21 / norm1)
    cos_alpha = jnp.where(cond_full, -sign * ra22, ra02 / norm2)
    sin_alpha = jnp.where(cond_full, 1 + sign * ra22, ra12 / norm2)

    return rotar(
        ydeg,
        cos_alpha,
        sin_alpha,
        cos_beta,
        sin_beta,
        cos_gamma,
        sin_gamma,
    )[1]


def rotar(ydeg, c1, s1, c2, s2, c3, s3):
    sqrt_2 = jnp.sqrt(2.0)

    D = []
    R = []

    # D[0]; R[0 ]
    D.append(jnp.ones((1, 1)))
    R.append(jnp.ones((1, 1)))
    if ydeg == 0:
        return D, R

    # D[1], R[1]: explicit 3x3 blocks from (c1, s1, c2, s2, c3, s3) (elided)
    D1, R1 = _degree_one_blocks(c1, s1, c2, s2, c3, s3)
    D.append(D1)
    R.append(R1)

    tol = 10 * jnp.finfo(jnp.dtype(s2)).eps
    s2_cond = jnp.less(jnp.abs(s2), tol)
    tgbet2 = jnp.where(s2_cond, s2, (1 - c2) / jnp.where(s2_cond, 1.0, s2))

    for ell in range(2, ydeg + 1):
        D_, R_ = dlmn(ell, s1, c1, c2, tgbet2, s3, c3, D)
        D.append(D_)
        R.append(R_)

    return D, R


def dlmn(ell, s1, c1, c2, tgbet2, s3, c3, D):
    """Wigner blocks of degree ell from those of degree ell - 1 (body elided)."""
    raise NotImplementedError


def _degree_one_blocks(c1, s1, c2, s2, c3, s3):
    """The explicit degree-1 D and R blocks of rotar (elided)."""
    raise NotImplementedError
