# Source: https://github.com/m9h/hippy-feat/blob/68669753b59bd559d82727b763130f6b2108d5e2/jaxoccoli/streaming_kalman.py
# Title: jaxoccoli/streaming_kalman.py -- streaming (real-time, one TR at a time) Kalman GLM of hippy-feat
# Cut: kept the state tuple, the jitted per-TR update (docstring shortened) and the offline
#      convenience driver; init_streaming_kalman and the AR(1) v2 filter dropped.
"""Phase 4 streaming Bayesian Variant G -- recursive Kalman filter.

For RT use, the rt-cloud bridge calls `streaming_kalman_update` once per arriving
DICOM and keeps the state externally."""

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


@jax.jit
def streaming_kalman_update(state: StreamingKalmanState,
                              x_row: jnp.ndarray,
                              y_obs: jnp.ndarray) -> StreamingKalmanState:
    """Process a new TR: update (beta_mean, beta_cov, sigma2_post) per voxel (RLS form)."""
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
