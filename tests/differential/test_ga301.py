"""GA301 fixes, differentially: programs over iteration forms, bodies, dtypes, shapes and
shadowing; every safe fix must keep value, gradient and raising behaviour."""

from __future__ import annotations

from dataclasses import replace

import pytest

from fixdiff import Program, check, grid

BODIES = {
    "exp": "jnp.exp(-{e})",
    "free_name": "jnp.sin(w * {e})",
    "precedence": "-{e} ** 2",
    "mixed": "{e} + 1.0 * w",
    "call": "rho({e})",
}
FORMS = {
    "element": "sum({body} for xi in x)",
    "range_len": "sum({body_i} for i in range(len(x)))",
    "range_shape": "sum([{body_i} for i in range(x.shape[0])])",
    "range_n": "sum({body_i} for i in range(n))",
    "start": "sum(({body} for xi in x), 2.0)",
    "whole": "sum(x * w)",
}
PREAMBLES = {
    "plain": "",
    "as_array": "    x = jnp.asarray(x)\n",
    "reshaped": "    x = jnp.reshape(x, (-1,))\n",
    "fixed_length": "    x = jnp.reshape(x, (20,))\n",
    "shadowed_sum": "    sum = jnp.sum\n",
}
SHAPES = [(0,), (1,), (5,), (20,), (3, 4), (0, 3), (2, 3, 2)]
DTYPES = ["float32", "float16", "bfloat16", "int8", "int32", "bool"]


def _program(form: str, body: str, preamble: str, shape, dtype: str, as_list: bool) -> Program:
    template = FORMS[form]
    expression = template.format(body=BODIES[body].format(e="xi"), body_i=BODIES[body].format(e="x[i]"))
    source = (
        "import jax\nimport jax.numpy as jnp\n\n"
        "def rho(r):\n    return jnp.exp(-3.0 * (r + 1.0))\n\n"
        "@jax.jit\n" if not as_list else "import jax\nimport jax.numpy as jnp\n\ndef rho(r):\n    return jnp.exp(-3.0 * (r + 1.0))\n\n"
    )
    source += f"def f(x, w, n=3):\n{PREAMBLES[preamble]}    return {expression}\n"
    if not as_list:
        source = source.replace("@jax.jit\ndef f(x, w, n=3)", "@jax.jit\ndef f(x, w, n=3)")

    def args(jnp, np):
        rng = np.random.default_rng(0)
        if as_list:
            x = [jnp.asarray(rng.normal(size=(k + 1,)).astype(np.float32)) for k in range(3)]
        else:
            data = rng.normal(size=shape) * 2
            x = jnp.asarray(data > 0) if dtype == "bool" else jnp.asarray(data).astype(dtype)
        return (x, jnp.asarray(0.7, dtype="float32"))

    return Program(source, args, f"{form}/{body}/{preamble}/{shape}/{dtype}/list={as_list}", argnums=(0, 1))


QUICK = [
    combo
    for combo in grid(form=list(FORMS), body=list(BODIES), preamble=["plain", "as_array", "fixed_length", "shadowed_sum"], shape=[(20,), (0,), (3, 4)], dtype=["float32", "float16", "int8"], as_list=[False])
    if not (combo["form"] == "whole" and combo["body"] != "exp")
][::5] + [
    dict(form=form, body="exp", preamble="plain", shape=(3,), dtype="float32", as_list=True) for form in ("element", "range_len", "whole")
]
WIDE = [
    combo
    for combo in grid(form=list(FORMS), body=list(BODIES), preamble=list(PREAMBLES), shape=SHAPES, dtype=DTYPES, as_list=[False, True])
    if not (combo["form"] == "whole" and combo["body"] != "exp") and not (combo["as_list"] and (combo["shape"] != (5,) or combo["dtype"] != "float32"))
]


def _id(combo: dict) -> str:
    return "-".join(str(value) for value in combo.values()).replace(" ", "")


@pytest.mark.parametrize("combo", QUICK, ids=[_id(c) for c in QUICK])
def test_safe_fixes_keep_meaning(combo):
    outcome = check(_program(**combo), "GA301")
    assert outcome.ok, outcome.detail


@pytest.mark.slow
@pytest.mark.parametrize("combo", WIDE, ids=[_id(c) for c in WIDE])
def test_safe_fixes_keep_meaning_wide(combo):
    outcome = check(_program(**combo), "GA301")
    assert outcome.ok, outcome.detail


def test_some_fixes_are_safe():
    """The suite must exercise safe fixes, not only unsafe ones (or it proves nothing)."""
    # The dtype of a parameter is proven by its callers: the program states the harness's call.
    outcome = check(replace(_program("element", "exp", "fixed_length", (20,), "float32", False), stated_caller=True), "GA301")
    assert outcome.kind == "safe-applied" and outcome.ok, outcome
