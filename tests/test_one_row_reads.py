"""``x[i:i + 1]`` at a loop index reads one row, its axis kept: a per-example gradient over such
slices (the usual DP-SGD loop) is GA102's, as with ``x[i]``; a wider slice is not one row."""

from __future__ import annotations

from conftest import scan_program

PROGRAM = '''import jax
import jax.numpy as jnp


def loss(params, x, y):
    return jnp.sum((jnp.dot(x, params) - y) ** 2)


grad_fn = jax.jit(jax.grad(loss))


def clipped(params, X, Y, C=1.0):
    grads = []
    for i in range(X.shape[0]):
        g = grad_fn(params, X[i:i + 1], Y[i:i + 1])
        grads.append(g / jnp.maximum(1.0, jnp.linalg.norm(g) / C))
    return jnp.mean(jnp.stack(grads), axis=0)


def windows(params, X, Y):
    grads = []
    for i in range(X.shape[0]):
        grads.append(grad_fn(params, X[i:i + 2], Y[i:i + 2]))
    return jnp.stack(grads)
'''


def test_one_row_slices_are_rows(tmp_path):
    found = [f for f in scan_program(tmp_path, PROGRAM) if f["code"] == "GA102"]
    assert [f["line"] for f in found] == [15], found
    assert "X_i[None]" in found[0]["message"]
