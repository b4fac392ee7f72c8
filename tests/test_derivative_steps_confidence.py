"""A loop that takes a derivative per element (GA102) is slow whether or not a transform reaches
its function: eagerly each step traces and dispatches a gradient of its own. Its confidence rests
on the size alone: an untraced driver over an array parameter is medium, not low, and says why;
a proven size with no trace is high."""

from __future__ import annotations

import pytest
from conftest import scan_program

ZIPPED = '''
import jax
import jax.numpy as jnp

def loss(p, x, y):
    return jnp.sum((x @ p - y) ** 2)

def influence(params, X, Y):
    grads = [jax.grad(lambda p: loss(p, x, y))(params) for x, y in zip(X, Y)]
    return jnp.stack(grads)
'''


def test_an_untraced_per_example_gradient_loop_rests_on_its_size(tmp_path):
    found = scan_program(tmp_path, ZIPPED, low=False)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA102", "medium")]
    evidence = "\n".join(found[0]["evidence"])
    assert "each step differentiates, which is slow traced or not" in evidence
    assert "likely traced by its callers" not in evidence


def test_a_proven_size_without_a_trace_is_high(tmp_path):
    source = ZIPPED.replace("for x, y in zip(X, Y)", "for x, y in zip(X[:1000], Y[:1000])").replace(
        "def influence(params, X, Y):", "def influence(params):\n    X, Y = jnp.ones((1000, 3)), jnp.ones(1000)"
    )
    found = scan_program(tmp_path, source, low=False)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA102", "high")]


def test_a_small_literal_count_of_gradients_is_not_reported(tmp_path):
    source = ZIPPED.replace("for x, y in zip(X, Y)", "for x, y in zip(X[:3], Y[:3])")
    assert scan_program(tmp_path, source) == []


BASIS = '''
import jax
import jax.numpy as jnp

def f(x):
    return jnp.tanh(x) * jnp.sum(x ** 2)

def jac_rows(x):
    y, pullback = jax.vjp(f, x)
    rows = []
    for i in range(y.shape[0]):
        {body}
    return jnp.stack(rows)
'''


@pytest.mark.parametrize(
    "body",
    [
        "e = jnp.zeros_like(y).at[i].set(1.0)\n        rows.append(pullback(e)[0])",
        "rows.append(pullback(jax.nn.one_hot(i, y.shape[0]))[0])",
    ],
)
def test_a_pullback_per_basis_vector_builds_a_jacobian_row_by_row(tmp_path, body):
    found = scan_program(tmp_path, BASIS.format(body=body), low=False)
    assert [f["code"] for f in found] == ["GA102"]
    message = found[0]["message"]
    assert "computes the Jacobian one row at a time" in message
    assert "`jax.jacrev` of the function, or `jax.vmap(pullback)(jnp.eye(y.shape[0]))`" in message


def test_the_second_item_of_a_vjp_is_its_pullback(tmp_path):
    source = BASIS.format(body="rows.append(pullback(jax.nn.one_hot(i, y.shape[0]))[0])").replace(
        "    y, pullback = jax.vjp(f, x)\n", "    y = f(x)\n    pullback = jax.vjp(f, x)[1]\n")
    found = scan_program(tmp_path, source, low=False)
    assert [f["code"] for f in found] == ["GA102"]
    assert "computes the Jacobian one row at a time" in found[0]["message"]


def test_a_pullback_of_vectors_that_are_not_a_basis_is_not_a_jacobian(tmp_path):
    body = "rows.append(pullback(y * i)[0])"  # a scaled output, not a one-hot vector
    found = scan_program(tmp_path, BASIS.format(body=body))
    assert not any("Jacobian one row" in f["message"] for f in found)


ADAPT = '''
import jax
import jax.numpy as jnp
import optax

def energy(theta, z):
    return jnp.sum((z - theta) ** 2)

{decorator}
def adapt(theta, z, st, opt, n_steps=500):
    for _ in range(n_steps):
        g = jax.grad(energy, argnums=1)(theta, z)
        u, st = opt.update(g, st, z)
        z = optax.apply_updates(z, u)
    return z, st
'''


def test_an_optimisation_loop_inside_jit_is_an_unrolled_recurrence(tmp_path):
    # each step takes a derivative and updates what the next differentiates at: under jit, 500
    # unrolled gradient steps (the optimiser's state is an array whatever it started as)
    found = scan_program(tmp_path, ADAPT.format(decorator="@jax.jit"), low=False)
    assert [f["code"] for f in found] == ["GA103"]
    assert "`st` and `z` are carried from step to step" in found[0]["message"]


def test_the_same_loop_in_an_untraced_driver_is_a_training_loop(tmp_path):
    assert scan_program(tmp_path, ADAPT.format(decorator="")) == []
