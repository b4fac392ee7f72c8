# Source: https://github.com/m9h/hippy-feat/blob/68669753b59bd559d82727b763130f6b2108d5e2/jaxoccoli/graph.py
# Title: jaxoccoli/graph.py — graph-theoretic primitives for connectivity matrices
# Cut: kept degree, graph_laplacian, girvan_newman_null and modularity_matrix; docstrings shortened.
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
    """P_ij = k_i * k_j / (2m)."""
    k = degree(A)
    m2 = jnp.sum(A, axis=(-2, -1))  # 2m
    m2 = jnp.where(m2 == 0, 1.0, m2)
    return k[..., :, None] * k[..., None, :] / m2[..., None, None]


def modularity_matrix(A, gamma=1.0):
    """Modularity matrix B = A - gamma * P."""
    P = girvan_newman_null(A)
    return A - gamma * P
