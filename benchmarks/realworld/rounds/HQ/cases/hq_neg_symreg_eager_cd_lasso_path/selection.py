# Source: https://github.com/jkitchin/jaxsr/blob/92589ef4b885758750b94f710a9972dc854eed71/src/jaxsr/selection.py
# Title: src/jaxsr/selection.py -- model selection for JAXSR (LASSO path screening, coordinate descent)
# Cut: kept coordinate_descent_lasso and lasso_path_selection without docstrings; fit_subset,
#      greedy_forward_selection and SelectionPath are reduced to stubs.
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

import jax
import jax.numpy as jnp
import numpy as np
from jax import jit, lax, vmap

from .metrics import compute_information_criterion


def fit_subset(Phi, y, indices, basis_names, complexities, regularization=None):
    ...


def greedy_forward_selection(*args, **kwargs):
    ...


class SelectionPath:
    def __init__(self, results, strategy, best_index):
        ...


def coordinate_descent_lasso(
    Phi: jnp.ndarray,
    y: jnp.ndarray,
    alpha: float,
    max_iter: int = 1000,
    tol: float = 1e-6,
    warm_start: Optional[jnp.ndarray] = None,
) -> jnp.ndarray:
    n_samples, n_features = Phi.shape

    if warm_start is not None:
        w = warm_start.copy()
    else:
        w = jnp.zeros(n_features)

    # Precompute for efficiency
    Phi_sq_sum = jnp.sum(Phi ** 2, axis=0)

    for iteration in range(max_iter):
        w_old = w.copy()

        for j in range(n_features):
            # Compute partial residual
            residual = y - Phi @ w + Phi[:, j] * w[j]

            # Coordinate update with soft thresholding
            rho = jnp.dot(Phi[:, j], residual)
            z = Phi_sq_sum[j]

            if z < 1e-10:
                w = w.at[j].set(0.0)
            else:
                # Soft thresholding
                w_j = jnp.sign(rho) * jnp.maximum(jnp.abs(rho) - n_samples * alpha, 0) / z
                w = w.at[j].set(w_j)

        # Check convergence
        if jnp.max(jnp.abs(w - w_old)) < tol:
            break

    return w


def lasso_path_selection(
    Phi: jnp.ndarray,
    y: jnp.ndarray,
    basis_names: List[str],
    complexities: jnp.ndarray,
    max_terms: int = 5,
    information_criterion: str = "bic",
    n_alphas: int = 100,
    alpha_min_ratio: float = 1e-4,
    regularization: Optional[float] = None,
) -> SelectionPath:
    n_samples, n_features = Phi.shape

    # Standardize features
    Phi_mean = jnp.mean(Phi, axis=0)
    Phi_std = jnp.std(Phi, axis=0)
    Phi_std = jnp.where(Phi_std < 1e-10, 1.0, Phi_std)
    Phi_standardized = (Phi - Phi_mean) / Phi_std

    y_mean = jnp.mean(y)
    y_centered = y - y_mean

    # Compute alpha_max (minimum alpha that gives all-zero solution)
    alpha_max = jnp.max(jnp.abs(Phi_standardized.T @ y_centered)) / n_samples
    alpha_min = alpha_max * alpha_min_ratio

    # Generate alpha path
    alphas = jnp.logspace(
        jnp.log10(alpha_max),
        jnp.log10(alpha_min),
        n_alphas,
    )

    # Track unique subsets
    seen_subsets: set = set()
    results: List[SelectionResult] = []
    best_ic = float("inf")
    best_index = -1

    w = jnp.zeros(n_features)

    for alpha in alphas:
        # Warm start from previous solution
        w = coordinate_descent_lasso(
            Phi_standardized, y_centered, float(alpha), warm_start=w
        )

        # Get active set (non-zero coefficients)
        active = jnp.where(jnp.abs(w) > 1e-8)[0]

        if len(active) == 0 or len(active) > max_terms:
            continue

        # Check if we've seen this subset
        subset_key = tuple(sorted(int(i) for i in active))
        if subset_key in seen_subsets:
            continue
        seen_subsets.add(subset_key)

        # Refit with OLS on original (unstandardized) data
        result = fit_subset(Phi, y, list(active), basis_names, complexities, regularization)
        results.append(result)

        ic_value = getattr(result, information_criterion)
        if ic_value < best_ic:
            best_ic = ic_value
            best_index = len(results) - 1

    if not results:
        # Fallback to greedy forward if LASSO finds nothing
        return greedy_forward_selection(
            Phi, y, basis_names, complexities, max_terms, information_criterion,
            regularization=regularization
        )

    return SelectionPath(
        results=results,
        strategy="lasso_path",
        best_index=best_index,
    )
