"""A helper of the module that stacks the list it is given is a join like ``jnp.stack``."""

from __future__ import annotations
from conftest import scan_program

PROGRAM = '''import jax
import jax.numpy as jnp


def stack_all(xs):
    return jnp.concatenate([jnp.expand_dims(x, 0) for x in xs], axis=0)


def describe(xs):
    print(len(xs))
    return jnp.stack(xs)


def loss(w, batch):
    rows = stack_all([jnp.tanh(w @ x) for x in batch])
    other = describe([jnp.tanh(w @ x) for x in batch])
    return jnp.sum(rows) + jnp.sum(other)


g = jax.grad(loss)
'''


def test_a_helper_that_stacks_its_list_is_a_join(tmp_path):
    findings = scan_program(tmp_path, PROGRAM)
    lines = sorted(f["line"] for f in findings if f["code"] == "GA101")
    assert lines == [15]  # not the helper with more than one statement
    assert all(f["fix"] is None for f in findings if f["line"] == 15)  # advice only: the helper is not jnp.stack
