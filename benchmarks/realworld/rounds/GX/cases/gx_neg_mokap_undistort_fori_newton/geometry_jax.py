# Source: https://github.com/FlorentLM/mokap/blob/61f7fc72269045a44e2613813d535a985e07ff27/mokap/utils/geometry_jax.py
# Title: mokap/utils/geometry_jax.py (distortion, undistort_points, undistort_multiple)
# Cut: other OpenCV replacements (rodrigues, projection, triangulation) removed; kept verbatim otherwise.
import jax
import jax.numpy as jnp
from typing import Union, Iterable, Optional, Tuple
from functools import partial


_eps = 1e-8 # small epsilon to avoid div by zero



@jax.jit
def pad_dist_coeffs(dist_coeffs: jnp.ndarray) -> jnp.ndarray:
    """
    Simple utility to always return 8 distortion coefficients

    Args:
        dist_coeffs: distortion coefficients (≤8,)
     Returns:
        coefs8:  distortion coefficients but padded to (8,)

    """
    coeffs = dist_coeffs.ravel()
    # pad to length 8 with zeros on the right
    coefs8 = jnp.pad(coeffs, (0, 8 - coeffs.shape[0]), constant_values=0.0)
    return coefs8


@jax.jit
def distortion(
        x:              jnp.ndarray,
        y:              jnp.ndarray,
        dist_coeffs:    jnp.ndarray
)-> Tuple[jnp.ndarray, jnp.ndarray, jnp.ndarray]:
    """
    Given x and y coordinates, and distortion coefficients, compute the tangential and radial distortions

    Args:
        x: x coordinates
        y: y coordinates
        dist_coeffs: distortion coefficients (≤8,)

    Returns:
        radial: radial distortion
        dx: tangential distortion in x
        dy: tangential distortion in y
    """

    k1, k2, k3, k4, k5, k6, p1, p2 = pad_dist_coeffs(dist_coeffs)
    r2 = x * x + y * y
    radial = (1
              + k1 * r2
              + k2 * r2 ** 2
              + k3 * r2 ** 3
              + k4 * r2 ** 4
              + k5 * r2 ** 5
              + k6 * r2 ** 6)
    dx = 2 * p1 * x * y + p2 * (r2 + 2 * x * x)
    dy = p1 * (r2 + 2 * y * y) + 2 * p2 * x * y
    return radial, dx, dy



@jax.jit
def undistort_points(
    points2d:       jnp.ndarray,
    camera_matrix:  jnp.ndarray,
    dist_coeffs:    jnp.ndarray,
    R:              Optional[jnp.ndarray] = None,
    P:              Optional[jnp.ndarray] = None,
    max_iter:       int = 5
) -> jnp.ndarray:
    """
    Invert distortion & reprojection for a single camera (i.e. replacement for cv2.undistortPoints)

    Args:
        points2d: any leading batch dims but last dim 2 (..., 2)
        camera_matrix: camera matrix (3, 3)
        dist_coeffs: distortion coefficients (≤8,)
        R: rectification (usually identity matrix) (3, 3)
        P: new projection (usually camera matrix) (3, 3)
        max_iter: maximum number of iterations, default 5 (same as OpenCV) is typically enough

    Returns:
        undistorted_points: same leading dims as points2d but last dim 2 (..., 2)
    """

    # fallback to default R and P (runs in host code)
    if R is None:
        R = jnp.eye(3, dtype=camera_matrix.dtype)
    if P is None:
        P = camera_matrix

    fx, fy = camera_matrix[0, 0], camera_matrix[1, 1]
    cx, cy = camera_matrix[0, 2], camera_matrix[1, 2]

    #normalize
    x_d = (points2d[..., 0] - cx) / fx
    y_d = (points2d[..., 1] - cy) / fy
    x_u, y_u = x_d, y_d

    # Newton iteration to invert distortion
    def newton(i, uv):
        x, y = uv
        radial, dx, dy = distortion(x, y, dist_coeffs)
        return ((x_d - dx) / (radial + _eps),
                (y_d - dy) / (radial + _eps))

    x_u, y_u = jax.lax.fori_loop(0, max_iter, newton, (x_u, y_u))

    # reproject through R and P
    ones = jnp.ones_like(x_u)
    pts_h = jnp.stack([x_u, y_u, ones], axis=-1)    # (..., 3)
    pts_r = pts_h @ R.T         # (..., 3)
    pts_p = pts_r @ P.T         # (..., 3)

    unsistorted_points = pts_p[..., :2]       # (..., 2)
    return unsistorted_points


# Vectorized version for C cameras
#    max_iter is shared among cameras so in_axes[-1] is None
#    the other camera‐specific args vary
undistort_multiple = jax.jit(
    jax.vmap(undistort_points,
             in_axes=(
                0,     # each camera has its own points2d
                0,     # its own camera_matrix
                0),     # its own dist_coeffs
             out_axes=0),
    static_argnums=()
)

## ---- Functions to compute various useful mnatrices
