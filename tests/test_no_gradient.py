"""Facts about what a gradient flows through: boolean and integer values carry none, so a loop
over them stays low (slow to compile, not to differentiate); a whole Jacobian built for its
diagonal is slow whether or not a transform reaches it."""

from __future__ import annotations

import ast

import pytest
from conftest import scan_program

from gradadvisor.analysis import values as v
from gradadvisor.analysis.facts import Facts
from gradadvisor.analysis.names import ImportMap
from gradadvisor.analysis.syntax import Source

PROGRAM = '''
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def less_equal(x_keys, y_keys):
    p = None
    for xk, yk in zip(x_keys[::-1], y_keys[::-1]):
        p = lax.bitwise_or(lax.lt(xk, yk), lax.bitwise_and(lax.eq(xk, yk), p)) if p is not None else lax.le(xk, yk)
    return p


@jax.jit
def full_rows(grid):
    full = jnp.all(grid != 0, axis=1)
    return sum(full)


@jax.jit
def smooth(u, a):
    x = jnp.zeros(())
    out = []
    for t in range(u.shape[0]):
        x = a * x + u[t]
        out.append(x)
    return jnp.stack(out)


@jax.jit
def decode(w, tokens):
    for t in range(1, tokens.shape[0]):
        logits = jnp.tanh(w * tokens[t - 1])
        tokens = tokens.at[t].set(jnp.argmax(logits))
    return tokens


def square(x):
    return x ** 2


def elementwise_derivative(x):
    return jnp.diag(jax.jacfwd(square)(x))
'''


@pytest.fixture(scope="module")
def findings(tmp_path_factory):
    return {f["line"]: f for f in scan_program(tmp_path_factory.mktemp("no_gradient"), PROGRAM)}


def _line(text: str) -> int:
    return next(number for number, line in enumerate(PROGRAM.splitlines(), 1) if text in line)


def test_a_boolean_carry_is_low_and_says_why(findings):
    finding = findings[_line("for xk, yk in zip")]
    assert finding["code"] == "GA103" and finding["confidence"] == "low"
    assert any("no gradient flows" in item for item in finding["evidence"])


def test_the_builtin_sum_of_a_mask_is_low(findings):
    finding = findings[_line("return sum(full)")]
    assert finding["code"] == "GA301" and finding["confidence"] == "low"
    assert any("holds boolean values" in item for item in finding["evidence"])


def test_a_float_recurrence_keeps_its_confidence(findings):
    finding = findings[_line("for t in range(u.shape[0])")]
    assert finding["confidence"] == "high"
    assert not any("no gradient" in item for item in finding["evidence"])


def test_integer_tokens_decoded_by_a_float_model_keep_their_confidence(findings):
    # The carried tokens are integers, but every step runs float work that jit unrolls.
    finding = findings[_line("for t in range(1, tokens.shape[0])")]
    assert finding["confidence"] in ("medium", "high")


def test_the_diagonal_of_a_jacobian_needs_no_transform_around_it(findings):
    finding = findings[_line("jnp.diag(jax.jacfwd(square)(x))")]
    assert finding["code"] == "GA202" and finding["confidence"] == "medium"


@pytest.mark.parametrize(
    "expr, dtype",
    [
        ("jnp.all(x > 0, axis=1)", "bool"),
        ("jnp.isin(x, y)", "bool"),
        ("lax.lt(x, y)", "bool"),
        ("jnp.argmax(x, axis=-1)", "int32"),
        ("lax.bitwise_or(lax.lt(x, y), lax.eq(x, y))", "bool"),
        ("jnp.tanh(x)", None),
    ],
)
def test_result_dtypes_of_tests_and_positions(expr, dtype):
    source = f"import jax.numpy as jnp\nfrom jax import lax\n\ndef f(x, y):\n    return {expr}\n"
    tree = ast.parse(source)
    facts = Facts(tree, Source(source), ImportMap(tree))
    function = tree.body[2]
    scope = facts.scope(function, facts.module_scope)
    value = facts.value(function.body[0].value, scope, function.body[0])
    assert value.dtype == dtype
    assert (v.no_gradient_reason(value, expr) is not None) == (dtype is not None)

