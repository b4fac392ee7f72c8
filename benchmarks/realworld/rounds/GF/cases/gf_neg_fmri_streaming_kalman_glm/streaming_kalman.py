# Source: https://github.com/m9h/hippy-feat/blob/68669753b59bd559d82727b763130f6b2108d5e2/jaxoccoli/streaming_kalman.py
# Title: jaxoccoli/streaming_kalman.py — Phase 4 streaming Bayesian GLM, recursive Kalman filter (real-time fMRI)
# Cut: kept the state, the initialiser, the jitted per-TR update and the offline driver
#      streaming_kalman_run; dropped the AR(1) variant and the long math docstring.
from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


class StreamingKalmanState(NamedTuple):
    """Running Kalman state for Bayesian per-voxel β posterior."""
    beta_mean: jnp.ndarray   # (V, P)
    beta_cov:  jnp.ndarray   # (V, P, P)
    a_post:    jnp.ndarray   # (V,) InverseGamma shape
    b_post:    jnp.ndarray   # (V,) InverseGamma scale
    n_obs:     jnp.ndarray   # scalar int32 — TR count


def init_streaming_kalman(P: int, V: int,
                            prior_var_scale: float = 1e3,
                            a0: float = 0.01, b0: float = 0.01
                            ) -> StreamingKalmanState:
    beta_mean = jnp.zeros((V, P), dtype=jnp.float32)
    beta_cov = jnp.broadcast_to(
        prior_var_scale * jnp.eye(P, dtype=jnp.float32),
        (V, P, P),
    )
    return StreamingKalmanState(
        beta_mean=beta_mean,
        beta_cov=beta_cov,
        a_post=jnp.full((V,), a0, dtype=jnp.float32),
        b_post=jnp.full((V,), b0, dtype=jnp.float32),
        n_obs=jnp.asarray(0, dtype=jnp.int32),
    )


@jax.jit
def streaming_kalman_update(state: StreamingKalmanState,
                              x_row: jnp.ndarray,
                              y_obs: jnp.ndarray) -> StreamingKalmanState:
    """Process a new TR: update (β_mean, β_cov, σ²_post) per voxel (RLS form)."""
    Sx = state.beta_cov @ x_row                                # (V, P)
    xSx = jnp.einsum("p,vp->v", x_row, Sx)                     # (V,)
    S = 1.0 + xSx                                              # (V,)
    K = Sx / S[:, None]                                        # (V, P)

    innovation = y_obs - jnp.einsum("p,vp->v", x_row, state.beta_mean)  # (V,)
    beta_mean_new = state.beta_mean + K * innovation[:, None]  # (V, P)

    # Σ_new = Σ - K (x^T Σ) — rank-1 update
    KSx_outer = K[:, :, None] * Sx[:, None, :]                 # (V, P, P)
    beta_cov_new = state.beta_cov - KSx_outer

    # σ² update via Schur-complement contribution to RSS
    rss_inc = innovation ** 2 / S                              # (V,)
    a_new = state.a_post + 0.5
    b_new = state.b_post + 0.5 * rss_inc

    return StreamingKalmanState(
        beta_mean=beta_mean_new,
        beta_cov=beta_cov_new,
        a_post=a_new,
        b_post=b_new,
        n_obs=state.n_obs + 1,
    )


def streaming_kalman_run(initial_state: StreamingKalmanState,
                          X: np.ndarray, Y: np.ndarray
                          ) -> StreamingKalmanState:
    """Convenience: feed an entire (T, P) design / (V, T) observation
    sequence through the streaming filter, return final state.

    For RT use, the rt-cloud bridge calls `streaming_kalman_update`
    once per arriving DICOM and keeps the state externally; this helper
    is for offline benchmarking + tests.
    """
    state = initial_state
    T = X.shape[0]
    for t in range(T):
        state = streaming_kalman_update(state, jnp.asarray(X[t]),
                                         jnp.asarray(Y[:, t]))
    return state
