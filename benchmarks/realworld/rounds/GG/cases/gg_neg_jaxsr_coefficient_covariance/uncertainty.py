# Source: https://github.com/jkitchin/jaxsr/blob/616f7a0c5fab93ea428936a7a8560af11a699ac9/src/jaxsr/uncertainty.py
# Title: jaxsr/uncertainty.py (coefficient uncertainty for JAX symbolic regression)
# Cut: kept compute_coeff_covariance, coefficient_intervals and bootstrap_coefficients; the
#      other interval methods dropped; docstrings dropped.
from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import jax.numpy as jnp
import numpy as np
from scipy import stats

from .utils import validate_sample_weight, weighted_mean, whiten


def compute_coeff_covariance(
    Phi: jnp.ndarray,
    sigma_sq: float,
    sample_weight: jnp.ndarray | None = None,
) -> jnp.ndarray:
    w = validate_sample_weight(sample_weight, Phi.shape[0])
    Phi_w = whiten(Phi, w)
    U, s, Vt = jnp.linalg.svd(Phi_w, full_matrices=False)
    # (Phi^T W Phi)^{-1} = V @ diag(1/s^2) @ V^T for the whitened Phi
    rcond = jnp.finfo(Phi_w.dtype).eps * max(Phi_w.shape)
    cutoff = rcond * jnp.max(s)
    s_inv_sq = jnp.where(s > cutoff, 1.0 / (s**2), 0.0)
    PhiTPhiInv = Vt.T @ jnp.diag(s_inv_sq) @ Vt
    return sigma_sq * PhiTPhiInv


def coefficient_intervals(
    Phi: jnp.ndarray,
    y: jnp.ndarray,
    coefficients: jnp.ndarray,
    names: list[str],
    alpha: float = 0.05,
    sample_weight: jnp.ndarray | None = None,
) -> dict[str, tuple[float, float, float, float]]:
    n, p = Phi.shape
    w = validate_sample_weight(sample_weight, n)
    dof = n - p
    if dof <= 0:
        warnings.warn("Not enough degrees of freedom for coefficient intervals.", stacklevel=2)
        return {
            name: (float(coef), float("nan"), float("nan"), float("nan"))
            for name, coef in zip(names, coefficients, strict=False)
        }

    sigma_sq = compute_unbiased_variance(Phi, y, coefficients, w)
    cov = compute_coeff_covariance(Phi, sigma_sq, w)
    se = jnp.sqrt(jnp.diag(cov))

    t_crit = stats.t.ppf(1 - alpha / 2, dof)

    intervals = {}
    for i, name in enumerate(names):
        est = float(coefficients[i])
        std_err = float(se[i])
        lower = est - t_crit * std_err
        upper = est + t_crit * std_err
        intervals[name] = (est, lower, upper, std_err)

    return intervals


def bootstrap_coefficients(
    model: SymbolicRegressor,
    n_bootstrap: int = 1000,
    alpha: float = 0.05,
    seed: int | None = None,
) -> dict[str, Any]:
    model._check_is_fitted()

    if model._X_train is None or model._y_train is None:
        raise ValueError("Training data not available.")

    Phi_train = model.basis_library.evaluate_subset(model._X_train, model._result.selected_indices)
    y_train = model._y_train
    weights = getattr(model, "_sample_weight", None)
    coefficients = model._result.coefficients
    y_hat = Phi_train @ coefficients

    # Work in whitened space: OLS there is exactly WLS here, and the whitened
    # residuals are homoscedastic, so they can be resampled across rows.
    Phi_w = whiten(Phi_train, weights)
    residuals_w = whiten(y_train - y_hat, weights)
    y_hat_w = whiten(y_hat, weights)

    rng = np.random.RandomState(seed)
    n = len(y_train)

    # Generate all bootstrap y* at once
    boot_indices = rng.randint(0, n, size=(n_bootstrap, n))
    boot_residuals = np.array(residuals_w)[boot_indices]  # (n_bootstrap, n)
    y_star = np.array(y_hat_w)[None, :] + boot_residuals  # (n_bootstrap, n)

    # Vectorized WLS: beta* = (Phi_w^T Phi_w)^{-1} Phi_w^T y_w*
    # Pre-compute pseudo-inverse
    Phi_np = np.array(Phi_w)
    PhiTPhiInv_PhiT = np.linalg.pinv(Phi_np)  # (p, n)

    # All bootstrap coefficients at once
    boot_coeffs = (PhiTPhiInv_PhiT @ y_star.T).T  # (n_bootstrap, p)

    boot_coeffs = jnp.array(boot_coeffs)
    lower = jnp.percentile(boot_coeffs, 100 * alpha / 2, axis=0)
    upper = jnp.percentile(boot_coeffs, 100 * (1 - alpha / 2), axis=0)

    return {
        "coefficients": boot_coeffs,
        "mean": jnp.mean(boot_coeffs, axis=0),
        "std": jnp.std(boot_coeffs, axis=0),
        "lower": lower,
        "upper": upper,
        "names": model._result.selected_names,
    }



