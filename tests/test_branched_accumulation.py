"""A running total split across ``if``/``elif``/``else`` branches, each adding one term, is an
accumulation (GA302, advice only: the tests may be Python values), not a recurrence. A branch
that resets the total, or does more than add, keeps it GA103's."""

from __future__ import annotations

from conftest import scan_program

PROGRAM = '''import jax
import jax.numpy as jnp


def split(xs, kinds):
    tot = 0.0
    for i in range(xs.shape[0]):
        if kinds[i] == "log":
            tot = tot + jnp.log(xs[i])
        elif kinds[i] == "exp":
            tot -= jnp.exp(xs[i])
        else:
            tot += jnp.tanh(xs[i])
    return tot


def resets(xs, kinds):
    tot = 0.0
    for i in range(xs.shape[0]):
        if kinds[i] == "reset":
            tot = 0.0
        else:
            tot = tot + jnp.exp(xs[i])
    return tot


loss = jax.jit(jax.grad(lambda xs, kinds: split(xs, kinds) + resets(xs, kinds)))
'''


def test_a_total_split_across_branches_is_an_accumulation(tmp_path):
    findings = sorted((f["line"], f["code"], f) for f in scan_program(tmp_path, PROGRAM))
    assert [(line, code) for line, code, _ in findings] == [(7, "GA302"), (19, "GA103")], findings
    split = findings[0][2]
    assert "in 3 branches" in split["message"] and "jnp.where(mask, terms, 0)" in split["message"]
    assert split["fix"] is None
