# Source: https://github.com/m9h/hippy-feat/blob/68669753b59bd559d82727b763130f6b2108d5e2/jaxoccoli/graph.py
# Title: jaxoccoli/graph.py -- "Ports essential algorithms from hypercoil functional/graph.py" (hippy-feat)
# Cut: kept degree, graph_laplacian, girvan_newman_null, modularity_matrix and relaxed_modularity;
#      docstrings shortened; spectral embedding and sparse ops dropped.
"""Graph primitives, spectral embedding, and sparse message passing.

Ports essential algorithms from hypercoil functional/graph.py and
functional/connectopy.py. All vbjax style (pure functions, JIT/vmap/grad compatible).
"""

import jax
import jax.numpy as jnp


def degree(W):
    """Node degree (strength) from a weighted adjacency matrix."""
    return jnp.sum(W, axis=-1)


def graph_laplacian(W, normalise=True):
    """Graph Laplacian from a weighted adjacency matrix."""
    d = degree(W)
    if normalise:
        d_inv_sqrt = jnp.where(d > 0, 1.0 / jnp.sqrt(d), 0.0)
        # D^{-1/2} W D^{-1/2}
        L_rw = d_inv_sqrt[..., :, None] * W * d_inv_sqrt[..., None, :]
        n = W.shape[-1]
        return jnp.eye(n) - L_rw
    else:
        D = jnp.zeros_like(W)
        idx = jnp.arange(W.shape[-1])
        D = D.at[..., idx, idx].set(d)
        return D - W


def girvan_newman_null(A):
    """Girvan-Newman null model for modularity. P_ij = k_i * k_j / (2m)"""
    k = degree(A)
    m2 = jnp.sum(A, axis=(-2, -1))  # 2m
    m2 = jnp.where(m2 == 0, 1.0, m2)
    return k[..., :, None] * k[..., None, :] / m2[..., None, None]


def modularity_matrix(A, gamma=1.0):
    """Modularity matrix B = A - gamma * P."""
    P = girvan_newman_null(A)
    return A - gamma * P


def relaxed_modularity(A, C, gamma=1.0, exclude_diag=True):
    """Differentiable relaxed modularity Q = tr(C^T B C) / (2m).

    Soft community assignment allows gradient-based optimisation.
    """
    B = modularity_matrix(A, gamma=gamma)
    if exclude_diag:
        n = B.shape[-1]
        B = B * (1.0 - jnp.eye(n))
    m2 = jnp.sum(A, axis=(-2, -1))
    m2 = jnp.where(m2 == 0, 1.0, m2)
    # Q = tr(C^T B C) / (2m)
    return jnp.trace(C.swapaxes(-2, -1) @ B @ C) / m2
