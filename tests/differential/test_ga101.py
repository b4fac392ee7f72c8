"""GA101 fixes (and GA102's), differentially: programs over joining calls, iteration forms,
bodies, dtypes, shapes and names; every safe fix must keep value, gradient and raising
behaviour, and every vmap fix must stay unsafe (never applied by ``--fix``)."""

from __future__ import annotations

import pytest

from fixdiff import Program, check, fix_safe, grid

BODIES = {
    "exp": "jnp.exp(-{e})",
    "precedence": "-{e} ** 2",
    "scalar_name": "{e} * c + 1",
    "free_param": "jnp.sin(w * {e})",
    "call": "rho({e})",
    "tanh_chain": "jnp.tanh(jnp.abs({e}) + 0.5) * 2.0",
}
FORMS = {
    "stack": "jnp.stack([{body} for xi in x])",
    "array": "jnp.array([{body} for xi in x])",
    "asarray_enumerate": "jnp.asarray([{body} for k, xi in enumerate(x)])",
    "stack_range_len": "jnp.stack([{body_i} for i in range(len(x))])",
    "stack_range_shape": "jnp.stack([{body_i} for i in range(x.shape[0])])",
    "stack_range_n": "jnp.stack([{body_i} for i in range(n)])",
    "stack_axis1": "jnp.stack([{body} for xi in x], axis=1)",
    "stack_axis0": "jnp.stack([{body} for xi in x], axis=0)",
    "vstack": "jnp.vstack([{body} for xi in x])",
    "hstack": "jnp.hstack([{body} for xi in x])",
    "concatenate": "jnp.concatenate([{body} for xi in x])",
    "array_dtype": "jnp.array([{body} for xi in x], dtype=jnp.float32)",
    "map_tanh": "jnp.array(list(map(jnp.tanh, x)))",
    "concatenate_axis1": "jnp.concatenate([{body} for xi in x], axis=1)",
    "dstack": "jnp.dstack([{body} for xi in x])",
    "column_stack": "jnp.column_stack([{body} for xi in x])",
    "assigned": "ys = [{body} for xi in x]\n    return jnp.stack(ys)",
    "assigned_rebound": "ys = [{body} for xi in x]\n    ys = jnp.stack(ys)\n    return ys",
    "zip_pairs": "jnp.stack([{body} + yi for xi, yi in zip(x[:-1], x[1:])])",
    "lax_map": "jax.lax.map(lambda xi: {body}, x)",
}
PREAMBLES = {
    "plain": "",
    "as_array": "    x = jnp.asarray(x)\n",
    "fixed": "    x = jnp.reshape(x, (20,))\n",
    "fixed_2d": "    x = jnp.reshape(x, (20, -1))\n",
    "outer_name": "    x = jnp.reshape(x, (20,))\n    xi = 7.0\n",
    "fixed_3d": "    x = jnp.reshape(x, (20, 2, -1))\n",
    "list_of_rows": "    x = [x[k] for k in range(3)]\n",
}
SHAPES = [(0,), (1,), (5,), (20,), (4, 3), (20, 3), (0, 3), (2, 3, 2)]
DTYPES = ["float32", "float16", "bfloat16", "int8", "int32", "bool"]

HEADER = """import jax
import jax.numpy as jnp


def rho(r):
    return jnp.exp(-3.0 * (r + 1.0))


"""


def _program(form: str, body: str, preamble: str, shape, dtype: str, jit: bool) -> Program:
    expression = FORMS[form].format(body=BODIES[body].format(e="xi"), body_i=BODIES[body].format(e="x[i]"))
    statement = expression if "\n    return " in expression else f"return {expression}"
    source = HEADER + ("@jax.jit\n" if jit else "")
    source += f"def f(x, w, n=20):\n    c = 2.5\n{PREAMBLES[preamble]}    {statement}\n"

    def args(jnp, np):
        rng = np.random.default_rng(0)
        data = rng.normal(size=shape) * 2
        x = jnp.asarray(data > 0) if dtype == "bool" else jnp.asarray(data).astype(dtype)
        return (x, jnp.asarray(0.7, dtype="float32"))

    return Program(source, args, f"{form}/{body}/{preamble}/{shape}/{dtype}/jit={jit}", argnums=(0, 1))


QUICK = [
    combo
    for combo in grid(
        form=list(FORMS), body=["exp", "scalar_name", "call", "precedence"], preamble=["plain", "fixed", "fixed_2d", "list_of_rows"],
        shape=[(20,), (20, 3)], dtype=["float32", "int8"], jit=[True],
    )
    if not (combo["form"] == "map_tanh" and combo["body"] != "exp")
][::41]
#: Forms whose body can be substituted elementwise (a safe fix when the rest is proven).
ELEMENTWISE_FORMS = [form for form in FORMS if form not in ("stack_range_n", "stack_axis1", "zip_pairs", "lax_map")]
#: The wide sweep: (1) every elementwise form and body over every dtype, on arrays whose length is
#: proven (these fixes are applied and run); (2) every form and body on values whose length or kind
#: is not proven, empty and odd shapes included (these must stay unsafe or unreported).
WIDE = [
    dict(form=form, body=body, preamble=preamble, shape=shape, dtype=dtype, jit=jit)
    for form in ELEMENTWISE_FORMS
    for body in ("exp", "precedence", "scalar_name", "tanh_chain")
    for preamble, shape in (("fixed", (20,)), ("fixed", (4, 5)), ("fixed", (0,)), ("fixed_2d", (20,)), ("fixed_2d", (20, 3)), ("outer_name", (20,)), ("fixed_3d", (20, 2, 3)))
    for dtype in DTYPES
    for jit in (False, True)
    if not (form == "map_tanh" and body != "exp") and not (body == "tanh_chain" and dtype != "float32")
    and not (jit and (dtype not in ("float32", "float16") or preamble != "fixed_2d"))
] + [
    combo
    for combo in grid(form=list(FORMS), body=list(BODIES), preamble=["plain", "as_array", "list_of_rows"], shape=SHAPES, dtype=["float32", "bool"], jit=[True, False])
    if not (combo["form"] == "map_tanh" and combo["body"] != "exp") and not (combo["jit"] is False and combo["shape"] != (20, 3))
]


def _id(combo: dict) -> str:
    return "-".join(str(value) for value in combo.values()).replace(" ", "")


@pytest.mark.parametrize("combo", QUICK, ids=[_id(c) for c in QUICK])
def test_safe_fixes_keep_meaning(combo):
    outcome = check(_program(**combo), "GA101")
    assert outcome.ok, outcome.detail


@pytest.mark.slow
@pytest.mark.parametrize("combo", WIDE, ids=[_id(c) for c in WIDE])
def test_safe_fixes_keep_meaning_wide(combo):
    outcome = check(_program(**combo), "GA101")
    assert outcome.ok, outcome.detail


@pytest.mark.parametrize(
    "form, preamble, shape",
    [("stack", "fixed", (20,)), ("stack_range_shape", "fixed", (20,)), ("assigned_rebound", "fixed_2d", (20, 3))],
)
def test_some_fixes_are_safe(form, preamble, shape):
    """The suite must exercise safe fixes, not only unsafe ones (or it proves nothing)."""
    outcome = check(_program(form, "exp", preamble, shape, "float32", True), "GA101")
    assert outcome.kind == "safe-applied" and outcome.ok, outcome


@pytest.mark.parametrize("form", ["stack", "stack_range_shape", "assigned", "zip_pairs", "lax_map", "stack_axis1"])
def test_vmap_fixes_are_never_applied(form):
    """A body that needs ``jax.vmap`` (a call) is never fixed by ``--fix``: it stays unsafe."""
    program = _program(form, "call", "fixed", (20,), "float32", True)
    if form == "lax_map":
        program.source = program.source.replace("@jax.jit\n", "@jax.grad\n").replace("return jax.lax.map", "return jnp.sum(jax.lax.map").rstrip() + ")\n"
    fixed, findings = fix_safe(program.source, "GA101")
    assert findings and fixed == program.source
    assert all(finding.fix is not None and finding.fix.applicability == "unsafe" for finding in findings), [f.fix for f in findings]


GRADIENT_FORMS = {
    "stack": "jnp.stack([g(w, xi) for xi in x])",
    "array_zip": "jnp.array([g(w, xi, yi) for xi, yi in zip(x, x)])",
    "range_shape": "jnp.stack([g(w, x[i]) for i in range(x.shape[0])])",
    "enumerate": "jnp.stack([g(w, xi, x[k]) for k, xi in enumerate(x)])",
}


@pytest.mark.parametrize("form", list(GRADIENT_FORMS))
def test_ga102_fixes_are_never_safe(form):
    """GA102's fixes are all ``jax.vmap`` rewrites: reported, marked unsafe, never applied."""
    source = (
        "import jax\nimport jax.numpy as jnp\n\n\ndef loss(w, xi, yi=0.0):\n    return jnp.sum(jnp.sin(w * xi) + yi)\n\n\n"
        f"@jax.jit\ndef f(x, w):\n    x = jnp.reshape(x, (20,))\n    g = jax.grad(loss)\n    return {GRADIENT_FORMS[form]}\n"
    )
    fixed, findings = fix_safe(source, "GA102")
    assert findings and fixed == source
    assert all(finding.fix is not None and finding.fix.applicability == "unsafe" for finding in findings)
