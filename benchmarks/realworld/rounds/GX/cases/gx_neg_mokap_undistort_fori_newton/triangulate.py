# Source: https://github.com/FlorentLM/mokap/blob/61f7fc72269045a44e2613813d535a985e07ff27/mokap/utils/geometry_jax.py
# Title: mokap/utils/geometry_jax.py (triangulate_svd)
# Cut: long docstring shortened; the tail of the function after the batched SVD is reconstructed
#      (normalise homogeneous coordinate, mask points seen by fewer than two cameras).
import jax
import jax.numpy as jnp
from typing import Optional

from geometry_jax import _eps


@jax.jit
def triangulate_svd(
    points2d:   jnp.ndarray,
    P_mats:     jnp.ndarray,
    weights:    Optional[jnp.ndarray] = None,
    lambda_reg: float = 0.0
) -> jnp.ndarray:
    """Triangulate N 3D points from C views: points2d (C, N, 2), P_mats (C, 3, 4)."""

    # We want to get rid of invalid values
    valid_observations = jnp.isfinite(points2d[..., 0]) & jnp.isfinite(points2d[..., 1])  # (C, N)
    # how many cams saw each point
    n_obs = jnp.sum(valid_observations, axis=0)  # (N,)

    #so we zero-fill u and v
    u = jnp.where(valid_observations, points2d[..., 0], 0.0)  # (C, N)
    v = jnp.where(valid_observations, points2d[..., 1], 0.0)  # (C, N)
    if weights is None:
        w = valid_observations.astype(points2d.dtype)            # (C, N)
    else:
        weights = jnp.asarray(weights)
        w = jnp.where(valid_observations, weights, 0.0)  # and also zero out any weight where data was invalid

    # pull out the three rows of each Projection matrix and insert a dummy 'point' axis
    P0 = P_mats[:, 0, :][:, None, :]  # (C, 1, 4)
    P1 = P_mats[:, 1, :][:, None, :]  # (C, 1, 4)
    P2 = P_mats[:, 2, :][:, None, :]  # (C, 1, 4)

    u_exp = u[:, :, None]  # (C, N, 1)
    v_exp = v[:, :, None]  # (C, N, 1)
    w_exp = w[:, :, None]  # (C, N, 1)

    # Build all the A's at once
    # row1_i(p) = u[i,p] * P2[i] - P0[i]
    # row2_i(p) = v[i,p] * P2[i] - P1[i]
    # then each multiplied by w[i, p]
    r1 = (u_exp * P2 - P0) * w_exp
    r2 = (v_exp * P2 - P1) * w_exp

    # stack the u and v contributions, then transpose -> (N, 2*C, 4)
    A = jnp.concatenate([r1, r2], axis=0).transpose(1, 0, 2)

    # Batched SVD
    if lambda_reg != 0.0:
        # build A^T A + λI for each point
        ATA = jnp.einsum('pni,pnj->pij', A, A) + lambda_reg * jnp.eye(4)
        _, _, Vh = jnp.linalg.svd(ATA, full_matrices=False)
    else:
        _, _, Vh = jnp.linalg.svd(A, full_matrices=False)

    X = Vh[:, -1, :]                                 # (N, 4)
    points3d = X[:, :3] / (X[:, 3:4] + _eps)         # (N, 3)
    points3d = jnp.where((n_obs >= 2)[:, None], points3d, jnp.nan)
    return points3d
