# Source: https://github.com/m9h/neurojax/blob/3d34db7f720509403adcdcd212d0d7f379f4b2fe/src/neurojax/source/vareta.py
# Title: neurojax/source/vareta.py — VARETA variable-resolution EEG/MEG source estimation
# Cut: kept vareta() (EM inside lax.scan plus final estimate); dropped the module docstring,
#      vareta_resolution_map and parameter docs.
from __future__ import annotations

import jax
import jax.numpy as jnp
from functools import partial


@partial(jax.jit, static_argnames=("n_iter",))
def vareta(
    data: jnp.ndarray,
    gain: jnp.ndarray,
    noise_cov: jnp.ndarray,
    n_iter: int = 50,
    spatial_smoothing: float = 0.0,
    min_variance: float = 1e-10,
):
    """data : (n_sensors, n_timepoints); gain : (n_sensors, n_sources)."""
    n_sensors, n_sources = gain.shape
    n_timepoints = data.shape[1]

    sigma_sq = jnp.ones(n_sources)

    noise_reg = noise_cov + 1e-6 * jnp.trace(noise_cov) / n_sensors * jnp.eye(n_sensors)
    noise_inv = jnp.linalg.inv(noise_reg)

    C_data = (data @ data.T) / n_timepoints

    def em_step(carry, _):
        sigma_sq = carry

        # Source prior: Σ_x = diag(σ²)
        Sigma_x = jnp.diag(sigma_sq)

        # Model covariance: C_model = G @ Σ_x @ G^T + Σ_noise
        C_model = gain @ Sigma_x @ gain.T + noise_reg

        # Posterior: W = Σ_x @ G^T @ C_model^{-1}
        C_model_inv = jnp.linalg.inv(C_model)
        W = Sigma_x @ gain.T @ C_model_inv  # (n_sources, n_sensors)

        WG = W @ gain  # (n_sources, n_sources)
        post_var = sigma_sq - jnp.sum(WG * Sigma_x, axis=1)
        post_var = jnp.maximum(post_var, 0.0)

        source_est = W @ data  # (n_sources, n_timepoints)

        source_power = jnp.mean(source_est ** 2, axis=1)  # (n_sources,)
        sigma_sq_new = source_power + post_var

        if spatial_smoothing > 0:
            kernel = jnp.array([spatial_smoothing / 2, 1 - spatial_smoothing, spatial_smoothing / 2])
            sigma_sq_smooth = jnp.convolve(sigma_sq_new, kernel, mode='same')
            sigma_sq_new = sigma_sq_smooth

        sigma_sq_new = jnp.maximum(sigma_sq_new, min_variance)

        sign, logdet = jnp.linalg.slogdet(C_model)
        evidence = -0.5 * (jnp.trace(C_model_inv @ C_data) * n_timepoints +
                            logdet * n_timepoints)

        return sigma_sq_new, evidence

    sigma_sq, evidence_history = jax.lax.scan(em_step, sigma_sq, None, length=n_iter)

    # Final source estimate with converged variances
    Sigma_x = jnp.diag(sigma_sq)
    C_model = gain @ Sigma_x @ gain.T + noise_reg
    W = Sigma_x @ gain.T @ jnp.linalg.inv(C_model)
    source = W @ data

    return source, sigma_sq, evidence_history
