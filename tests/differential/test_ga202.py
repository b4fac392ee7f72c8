"""GA202 fixes, differentially: diag/trace of products over ranks, shapes and dtypes; every
safe fix must keep value, gradient and raising behaviour."""

from __future__ import annotations

from dataclasses import replace

import pytest

from fixdiff import Program, check, grid

FORMS = {
    "diag_at_b": "jnp.diag(a.T @ b)",
    "diag_a_bt": "jnp.diag(a @ b.T)",
    "trace": "jnp.trace(a @ b.T)",
    "diagonal_matmul": "jnp.diagonal(jnp.matmul(a, b.T))",
    "named": "p = a @ b.T\n    return jnp.diag(p)",
    "einsum": "jnp.einsum('ii->i', a @ b.T)",
    "transpose_call": "jnp.diag(jnp.dot(jnp.transpose(a), b))",
    # Spellings read from the operation table (analysis/operations.py).
    "matmul_precision": "jnp.diag(jnp.matmul(a, b.T, precision='highest'))",
    "method_dot": "jnp.diag(a.dot(b.T))",
    "lax_dot_trace": "jnp.trace(jax.lax.dot(a, b.T))",
    "linalg_matmul": "jnp.linalg.diagonal(jnp.linalg.matmul(a.T, b))",
    "einsum_product": "jnp.diag(jnp.einsum('ij,jk->ik', a, b.T))",
    "method_diagonal": "(a.T @ b).diagonal()",
    "method_trace": "(a @ b.T).trace()",
    "swapaxes": "jnp.diag(jnp.swapaxes(a, 0, 1) @ b)",
    "conjugate": "jnp.diag(a.conjugate().T @ b)",
    "named_dot": "h = a.dot(b.T)\n    return jnp.diagonal(h)",
    # Over the last two axes of a batch: "...ij,...ji->...".
    "batched_trace": "jnp.trace(jnp.matmul(a, b), axis1=-1, axis2=-2)",
    "batched_diagonal": "jnp.diagonal(a @ b, axis1=-2, axis2=-1)",
}
#: How the operands get their shapes: reshaped to a literal shape (ranks proven), or left as they come.
SHAPERS = {
    "reshaped": "    a = jnp.reshape(a, {shape})\n    b = jnp.reshape(b, {shape})\n",
    "as_given": "",
    "rebound_after": None,
}
SHAPES = [(12, 9), (9, 9), (20,), (2, 3, 2), (0, 9)]  # kept axes past 8: smaller is not reported
DTYPES = ["float32", "float16", "bfloat16", "int8", "int32", "bool"]


def _program(form: str, shaper: str, shape, dtype: str) -> Program:
    body = FORMS[form]
    if "\n" not in body:
        body = f"return {body}"
    if shaper == "rebound_after":
        prelude = f"    a = jnp.reshape(a, {shape})\n    b = jnp.reshape(b, {shape})\n"
        if "\n" in body:
            body = body.replace("\n    return", "\n    a = a + 1\n    return")
    else:
        prelude = SHAPERS[shaper].format(shape=shape)
    source = f"import jax\nimport jax.numpy as jnp\n\n\n@jax.jit\ndef f(a, b):\n{prelude}    {body}\n"

    def args(jnp, np):
        rng = np.random.default_rng(1)
        size = 1
        for dim in shape:
            size *= dim
        data = rng.normal(size=(size,)) * 2
        other = rng.normal(size=(size,))
        if dtype == "bool":
            return (jnp.asarray(data > 0).reshape(shape), jnp.asarray(other > 0).reshape(shape))
        return (jnp.asarray(data).astype(dtype).reshape(shape), jnp.asarray(other).astype(dtype).reshape(shape))

    return Program(source, args, f"{form}/{shaper}/{shape}/{dtype}", argnums=(0, 1))


QUICK = list(grid(form=list(FORMS), shaper=["reshaped", "as_given"], shape=[(12, 9), (20,), (2, 3, 2)], dtype=["float32", "int8"]))[::2]
WIDE = list(grid(form=list(FORMS), shaper=list(SHAPERS), shape=SHAPES, dtype=DTYPES))


def _id(combo: dict) -> str:
    return "-".join(str(value) for value in combo.values()).replace(" ", "")


@pytest.mark.parametrize("combo", QUICK, ids=[_id(c) for c in QUICK])
def test_safe_fixes_keep_meaning(combo):
    outcome = check(_program(**combo), "GA202")
    assert outcome.ok, outcome.detail


@pytest.mark.slow
@pytest.mark.parametrize("combo", WIDE, ids=[_id(c) for c in WIDE])
def test_safe_fixes_keep_meaning_wide(combo):
    outcome = check(_program(**combo), "GA202")
    assert outcome.ok, outcome.detail


def test_some_fixes_are_safe():
    # The dtype of a parameter is proven by its callers: the program states the harness's call.
    outcome = check(replace(_program("diag_at_b", "reshaped", (12, 9), "float32"), stated_caller=True), "GA202")
    assert outcome.kind == "safe-applied" and outcome.ok, outcome
    named = check(replace(_program("named", "reshaped", (12, 9), "float32"), stated_caller=True), "GA202")
    assert named.kind == "safe-applied" and named.ok, named


@pytest.mark.parametrize("form", ["matmul_precision", "method_dot", "lax_dot_trace", "einsum_product", "method_diagonal", "swapaxes", "conjugate", "named_dot"])
def test_new_spellings_get_safe_fixes(form):
    # Each spelling the operation table added is rewritten safely on proven 2-D float32 operands.
    outcome = check(replace(_program(form, "reshaped", (20, 20), "float32"), stated_caller=True), "GA202")
    assert outcome.kind == "safe-applied" and outcome.ok, outcome


@pytest.mark.parametrize("form", ["batched_trace", "batched_diagonal"])
@pytest.mark.parametrize("shape", [(3, 9, 9), (9, 9), (2, 3, 9, 9)])
def test_batched_products_keep_meaning(form, shape):
    # Proven ranks and square matrices: the einsum's `...` keeps the batch axes as matmul does.
    outcome = check(replace(_program(form, "reshaped", shape, "float32"), stated_caller=True), "GA202")
    assert outcome.kind == "safe-applied" and outcome.ok, outcome
