# Source: https://github.com/m9h/hippy-feat/blob/68669753b59bd559d82727b763130f6b2108d5e2/jaxoccoli/losses.py
# Title: jaxoccoli/losses.py -- "Ports essential loss functions from hypercoil loss/functional.py" (hippy-feat)
# Cut: kept modularity_loss and eigenmaps_loss with shortened docstrings; other losses dropped.
"""Differentiable loss functions for connectivity analysis.

Ports essential loss functions from hypercoil loss/functional.py in vbjax
style (pure functions, JIT/vmap/grad compatible, no Equinox).
"""

import jax
import jax.numpy as jnp

from graph import modularity_matrix, graph_laplacian


def modularity_loss(A, C, gamma=1.0):
    """Negative relaxed modularity (for minimisation).

    A: (N, N) adjacency matrix. C: (N, K) soft community assignment.
    """
    B = modularity_matrix(A, gamma=gamma)
    n = B.shape[-1]
    B = B * (1.0 - jnp.eye(n))
    m2 = jnp.sum(A)
    m2 = jnp.where(m2 == 0, 1.0, m2)
    Q = jnp.trace(C.T @ B @ C) / m2
    return -Q


def eigenmaps_loss(Q, A, normalise=True):
    """Laplacian eigenmaps loss (Rayleigh quotient).

    L_loss = tr(Q^T L Q) / tr(Q^T D Q). Q: (N, K) embedding coordinates.
    """
    L = graph_laplacian(A, normalise=False)
    numerator = jnp.trace(Q.T @ L @ Q)
    if normalise:
        d = jnp.sum(A, axis=-1)
        D = jnp.diag(d)
        denominator = jnp.trace(Q.T @ D @ Q)
        denominator = jnp.where(denominator == 0, 1.0, denominator)
        return numerator / denominator
    return numerator
