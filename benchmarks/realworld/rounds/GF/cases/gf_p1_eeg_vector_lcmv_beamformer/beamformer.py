# Source: https://github.com/m9h/neurojax/blob/3d34db7f720509403adcdcd212d0d7f379f4b2fe/src/neurojax/source/beamformer.py
# Title: neurojax/source/beamformer.py — Beamformer family, unified JAX implementation
# Cut: kept the scalar LCMV filter and the vector (free-orientation) LCMV filter; dropped
#      weight normalisation, SAM, DICS, eigenspace projection and power-map functions.
"""Beamformer family — unified JAX implementation.

LCMV, Vector LCMV, SAM, DICS, weight-normalized variants, and
eigenspace projection. All differentiable via JAX.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp


@jax.jit
def make_lcmv_filter(
    cov: jnp.ndarray,
    gain: jnp.ndarray,
    reg: float = 0.05,
) -> jnp.ndarray:
    """Scalar LCMV beamformer weights.

    W_i = (g_i^T C^{-1} g_i)^{-1} g_i^T C^{-1}
    """
    n_sensors = cov.shape[0]
    cov_reg = cov + reg * jnp.trace(cov) / n_sensors * jnp.eye(n_sensors)
    cov_inv = jnp.linalg.inv(cov_reg)

    numer = gain.T @ cov_inv  # (n_sources, n_sensors)
    denom = numer @ gain       # (n_sources, n_sources)
    return jnp.linalg.inv(denom) @ numer


@jax.jit
def make_vector_lcmv_filter(
    cov: jnp.ndarray,
    gain: jnp.ndarray,
    reg: float = 0.05,
) -> jnp.ndarray:
    """Vector LCMV beamformer for free-orientation dipoles.

    gain has shape (n_sensors, n_sources * 3) where each source has
    3 orientation components (x, y, z). The filter is (n_sources * 3, n_sensors).

    Returns
    -------
    W : (n_sources, n_sensors) — scalar weights with optimal orientation.
    orientations : (n_sources, 3) — optimal dipole orientations.
    """
    n_sensors = cov.shape[0]
    n_sources3 = gain.shape[1]
    n_sources = n_sources3 // 3

    cov_reg = cov + reg * jnp.trace(cov) / n_sensors * jnp.eye(n_sensors)
    cov_inv = jnp.linalg.inv(cov_reg)

    W_all = []
    orientations = []

    for i in range(n_sources):
        G_i = gain[:, i * 3:(i + 1) * 3]  # (n_sensors, 3)
        # 3x3 beamformer matrix for this source
        A = G_i.T @ cov_inv @ G_i  # (3, 3)
        A_inv = jnp.linalg.inv(A + 1e-10 * jnp.eye(3))

        # Optimal orientation: eigenvector of A_inv with largest eigenvalue
        eigvals, eigvecs = jnp.linalg.eigh(A_inv)
        opt_ori = eigvecs[:, -1]  # (3,)
        orientations.append(opt_ori)

        # Scalar weight for this orientation
        g_opt = G_i @ opt_ori  # (n_sensors,)
        w_scalar = (g_opt @ cov_inv) / (g_opt @ cov_inv @ g_opt + 1e-10)
        W_all.append(w_scalar)

    return jnp.stack(W_all), jnp.stack(orientations)
