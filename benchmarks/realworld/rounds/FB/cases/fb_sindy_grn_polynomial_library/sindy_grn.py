# Source: https://github.com/avitai/DiffBio/blob/f366033b493d8738672782391495af067ba348c9/src/diffbio/operators/singlecell/sindy_grn.py
# Title: src/diffbio/operators/singlecell/sindy_grn.py (SINDy-based gene regulatory network inference)
# Cut: docstrings shortened; kept the library builder, the STRidge solver and the operator's apply.
"""SINDy-based gene regulatory network inference."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import jax
import jax.numpy as jnp
from datarax.core.config import OperatorConfig
from datarax.core.operator import OperatorModule
from flax import nnx
from jaxtyping import Array, Float, PyTree


@dataclass(frozen=True)
class SINDyGRNConfig(OperatorConfig):
    n_genes: int = 100
    polynomial_degree: int = 2
    sparsity_threshold: float = 0.1
    n_iterations: int = 10
    ridge_alpha: float = 0.01


def build_polynomial_library(
    x: Float[Array, "n_samples n_features"],
    degree: int = 2,
) -> Float[Array, "n_samples n_library"]:
    """For degree=2, appends all pairwise products (x_i * x_j for i <= j)."""
    terms = [x]

    if degree >= 2:
        n_features = x.shape[1]
        quadratic_terms = []
        for i in range(n_features):
            for j in range(i, n_features):
                quadratic_terms.append(x[:, i] * x[:, j])
        if quadratic_terms:
            terms.append(jnp.stack(quadratic_terms, axis=1))

    return jnp.concatenate(terms, axis=1)


def _soft_threshold(x: Array, threshold: float) -> Array:
    return jnp.sign(x) * jnp.maximum(jnp.abs(x) - threshold, 0.0)


def _stridge_solve(theta, dx, *, sparsity_threshold, n_iterations, ridge_alpha):
    n_lib = theta.shape[1]
    regulariser = ridge_alpha * jnp.eye(n_lib)
    gram = theta.T @ theta + regulariser
    xi = jnp.linalg.solve(gram, theta.T @ dx)

    def _threshold_step(xi, _):
        return _soft_threshold(xi, sparsity_threshold), None

    xi, _ = jax.lax.scan(_threshold_step, xi, None, length=n_iterations)
    return xi


class SINDyGRNOperator(OperatorModule):
    def __init__(self, config: SINDyGRNConfig, *, rngs: nnx.Rngs | None = None, name: str | None = None) -> None:
        super().__init__(config, rngs=rngs, name=name)
        self.config: SINDyGRNConfig = config

    def apply(self, data: PyTree, state: PyTree, metadata: dict[str, Any] | None,
              random_params: Any = None, stats: dict[str, Any] | None = None):
        counts = data["counts"]  # (n_timepoints, n_genes)
        cfg = self.config
        dx = counts[1:] - counts[:-1]
        x_mid = counts[:-1]
        theta = build_polynomial_library(x_mid, degree=cfg.polynomial_degree)
        coefficients = _stridge_solve(
            theta,
            dx,
            sparsity_threshold=cfg.sparsity_threshold,
            n_iterations=cfg.n_iterations,
            ridge_alpha=cfg.ridge_alpha,
        )
        return ({**data, "grn_coefficients": coefficients, "grn_equations": coefficients}, state, metadata)
