"""A fill whose step contracts a slice taken at the loop is GA201's, in any spelling.

``phi = phi.at[i].set(jnp.sum(K[i, :, None] * g, axis=0))`` (row ``i`` of ``K @ g``) and a
masked ``X[:, j] @ r`` written per column are matrix products computed one slice at a time:
GA201 reports them, and GA103 (independent writes) leaves them to it, one finding per loop.
An accumulator of contractions (``gyr += jnp.outer(r, r)``) is a sum over the loop, GA302's;
a step that reads what an earlier one wrote is a recurrence; a slice handed to a gradient
function is GA102's; a loop over layers or a small range is not reported."""

from __future__ import annotations

import pytest
from conftest import scan_program

HEAD = "import jax\nimport jax.numpy as jnp\n\n"

REPORTED = {
    "row_of_product": '''
@jax.jit
def update(K, g):
    n = K.shape[0]
    phi = jnp.zeros_like(g)
    for i in range(n):
        positive = jnp.sum(K[i, :, None] * g, axis=0) / n
        phi = phi.at[i].set(positive)
    return phi
''',
    "masked_column_product": '''
@jax.jit
def gradient_ws(X, r, mask):
    out = jnp.zeros(X.shape[1])
    for j in range(X.shape[1]):
        g = jax.lax.cond(mask[j], lambda: X[:, j] @ r, lambda: 0.0)
        out = out.at[j].set(g)
    return out
''',
}

NOT_GA201 = {
    # Accumulators: a sum over the loop (GA302), with its einsum.
    "outer_of_rows": ("""
@jax.jit
def gyration(positions):
    gyr = jnp.zeros((3, 3))
    for r in positions:
        gyr += jnp.outer(r, r)
    return gyr / positions.shape[0]
""", ["GA302"]),
    "outer_of_indexed_rows": ("""
@jax.jit
def gram(X):
    acc = jnp.zeros((X.shape[1], X.shape[1]))
    for i in range(X.shape[0]):
        centred = X[i] - X.mean(0)
        acc = acc + jnp.outer(centred, centred)
    return acc
""", ["GA302"]),
    # A contraction inside a nonlinear function: a map of that function (GA103's independent writes).
    "nonlinear_map": ("""
@jax.jit
def activations(batch, kernel, bias):
    acts = jnp.zeros((batch.shape[0], kernel.shape[1]))
    for row in range(batch.shape[0]):
        acts = acts.at[row].set(jax.nn.relu(batch[row] @ kernel + bias))
    return acts
""", ["GA103"]),
    # A write an outer loop also moves: a triangle of pairs (GA103's writes), not a row of a product.
    "triangle": ("""
@jax.jit
def upper(a, b):
    n = a.shape[0]
    g = jnp.zeros((n, n))
    for i in range(n):
        for j in range(i, n):
            g = g.at[i, j].set(jnp.dot(a[i], b[j]))
    return g
""", ["GA103"]),
    # A slice handed to a gradient function: a per-example gradient (GA102).
    "gradient_of_a_slice": ("""
def fisher(loss, xs, theta):
    g_fn = jax.grad(loss)
    out = jnp.zeros((xs.shape[0], theta.shape[0]))
    for i in range(xs.shape[0]):
        g = g_fn(theta, xs[i])
        out = out.at[i].set(jnp.outer(g, g).sum(0))
    return out
""", ["GA102"]),
    # A sum of numbers: an accumulation (GA302), not a contraction into an array.
    "sum_of_numbers": ('''
@jax.jit
def rog(positions):
    total = 0.0
    for r in positions:
        total += jnp.dot(r, r)
    return total
''', ["GA302"]),
    # Each step reads what the one before wrote: a recurrence.
    "recurrence": ('''
@jax.jit
def run(w, h):
    for i in range(1, h.shape[0]):
        h = h.at[i].set(jnp.tanh(w[i] @ h[i - 1]))
    return h
''', ["GA103"]),
    # Layers of a network, a list of different matrices.
    "layers": ('''
@jax.jit
def forward(layers, x):
    out = jnp.zeros(4)
    for w in layers:
        out += w @ x
    return out
''', []),
    # Three directions: a small fixed range.
    "small_range": ('''
@jax.jit
def moments(a, b):
    m = jnp.zeros((3, 3))
    for d in range(3):
        m += jnp.outer(a[:, d], b[:, d])
    return m
''', []),
    # Host NumPy: no trace, no gradient.
    "host_numpy": ('''
import numpy as np

def gram(X):
    acc = np.zeros((X.shape[1], X.shape[1]))
    for i in range(X.shape[0]):
        acc += np.outer(X[i], X[i])
    return acc
''', []),
}


@pytest.mark.parametrize("case", sorted(REPORTED))
def test_a_step_contracting_a_slice_is_one_ga201_finding(tmp_path, case):
    found = scan_program(tmp_path, HEAD + REPORTED[case])
    assert [f["code"] for f in found] == ["GA201"], found
    assert "one slice at a time" in found[0]["message"] or "one at a time" in found[0]["message"]
    assert found[0]["confidence"] in ("medium", "high")


@pytest.mark.parametrize("case", sorted(NOT_GA201))
def test_look_alikes_are_not_slice_contractions(tmp_path, case):
    source, codes = NOT_GA201[case]
    found = scan_program(tmp_path, HEAD + source)
    assert [f["code"] for f in found] == codes, found


def test_an_accumulator_of_outer_products_keeps_its_einsum_rewrite(tmp_path):
    found = scan_program(tmp_path, HEAD + NOT_GA201["outer_of_rows"][0])
    assert "einsum" in found[0]["message"]
    assert found[0]["fix"] is not None


def test_a_fill_in_code_no_trace_reaches_is_not_reported(tmp_path):
    source = REPORTED["row_of_product"].replace("@jax.jit\n", "")
    assert scan_program(tmp_path, HEAD + source, low=False) == []
