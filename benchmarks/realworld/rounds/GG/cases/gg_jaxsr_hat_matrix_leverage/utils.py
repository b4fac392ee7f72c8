# Source: https://github.com/jkitchin/jaxsr/blob/616f7a0c5fab93ea428936a7a8560af11a699ac9/src/jaxsr/utils.py
# Title: jaxsr/utils.py (JAX symbolic regression: matrix operations for residual diagnostics)
# Cut: kept imports and the three jitted matrix-operation functions (hat matrix, leverage,
#      residuals); other utilities dropped.
from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import jit


# =============================================================================
# Matrix Operations
# =============================================================================


@jit
def compute_hat_matrix(Phi: jnp.ndarray) -> jnp.ndarray:
    """
    Compute the hat (projection) matrix.

    H = Phi @ (Phi.T @ Phi)^-1 @ Phi.T

    Parameters
    ----------
    Phi : jnp.ndarray
        Design matrix.

    Returns
    -------
    H : jnp.ndarray
        Hat matrix.
    """
    Phi_pinv = jnp.linalg.pinv(Phi)
    return Phi @ Phi_pinv


@jit
def compute_leverage(Phi: jnp.ndarray) -> jnp.ndarray:
    """
    Compute leverage values (diagonal of hat matrix).

    Parameters
    ----------
    Phi : jnp.ndarray
        Design matrix.

    Returns
    -------
    leverage : jnp.ndarray
        Leverage values for each sample.
    """
    H = compute_hat_matrix(Phi)
    return jnp.diag(H)


@jit
def compute_residuals(
    y: jnp.ndarray,
    y_pred: jnp.ndarray,
    Phi: jnp.ndarray,
) -> dict[str, jnp.ndarray]:
    """
    Compute various types of residuals.

    Parameters
    ----------
    y : jnp.ndarray
        True values.
    y_pred : jnp.ndarray
        Predicted values.
    Phi : jnp.ndarray
        Design matrix.

    Returns
    -------
    residuals : dict
        Dictionary containing:
        - "raw": y - y_pred
        - "standardized": raw / std(raw)
        - "studentized": raw / (sigma * sqrt(1 - h_ii))
    """
    raw = y - y_pred
    leverage = compute_leverage(Phi)

    n, p = Phi.shape
    dof = jnp.maximum(n - p, 1)
    sigma = jnp.sqrt(jnp.sum(raw**2) / dof)

    standardized = raw / (jnp.std(raw) + 1e-10)
    studentized = raw / (sigma * jnp.sqrt(1 - leverage + 1e-10))

    return {
        "raw": raw,
        "standardized": standardized,
        "studentized": studentized,
    }

