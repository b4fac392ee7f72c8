"""Diagonal of a matrix product: B*B inner products to keep B.

Shape: ``jnp.diag(y1.T @ y)`` for every output y of a Dense layer, to get
the inner products of matching columns. It is what a matrix-minded user writes
(first written in Julia as ``diag(y1' * y)``).

Why it is slow: ``y1.T @ y`` computes every pair of columns, B*B inner
products, and ``diag`` keeps B of them. The forward does B times the work
it needs; the backward of ``diag`` scatters the cotangent into a B x B
zero matrix and pushes it back through both matmul operands, so the gradient
pays the same factor again. One matmul per time step also unrolls T times.

Rewrite: ask for exactly the diagonal with one einsum over all time steps,
``jnp.einsum("ob,tob->tb", ys[0], ys)``: O(T*B*OUT) forward and backward.
"""

import jax
import jax.numpy as jnp

IN, OUT, BATCH = 64, 32, 128
sizes = (16, 32, 64)
argnums = 0


def inputs(size=32):
    """size is T, the number of time steps."""
    kw, kb, kx = jax.random.split(jax.random.PRNGKey(0), 3)
    params = {
        "w": jax.random.normal(kw, (OUT, IN)) / IN**0.5,
        "b": 0.1 * jax.random.normal(kb, (OUT,)),
    }
    xs = jax.random.uniform(kx, (size, IN, BATCH))
    return params, xs


def attention_objective(z):
    return jnp.sum(jax.nn.softmax(z, axis=0) * z)


def baseline(params, xs):
    ys = [params["w"] @ x + params["b"][:, None] for x in xs]
    zs = jnp.stack([jnp.diag(ys[0].T @ y) for y in ys])
    return attention_objective(zs)


def candidate(params, xs):
    ys = jnp.einsum("oi,tib->tob", params["w"], xs) + params["b"][None, :, None]
    zs = jnp.einsum("ob,tob->tb", ys[0], ys)
    return attention_objective(zs)
