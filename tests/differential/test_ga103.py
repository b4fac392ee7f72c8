"""GA103 fixes, differentially: `fori_loop` rewrites of one-statement recurrences over bodies,
how the carried array is made, ranges, dtypes, shapes, loop-variable use, shadowing and side
effects; every safe fix must keep value, gradient and raising behaviour."""

from __future__ import annotations

import pytest

from fixdiff import Program, check, grid

#: The programs cast float values into int arrays on purpose (both versions do it the same way).
pytestmark = pytest.mark.filterwarnings("ignore:scatter inputs have incompatible types:FutureWarning")

#: One-statement bodies: (statement, how far back it reads, how far ahead it writes, walks data).
#: A body that walks no data (``plain``) is reported from 100 literal steps, so it runs 120.
BODIES = {
    "at_prev": ("x = x.at[i].set(jnp.tanh(x[i - 1]) + u[i])", 1, 0, True),
    "at_next": ("x = x.at[i + 1].set(x[i] * 0.5 + u[i])", 0, 1, True),
    "at_add": ("x = x.at[i].add(x[i - 1] * 0.5)", 1, 0, True),
    "at_mul_back": ("x = x.at[i].mul(u[i] + x[i - 1])", 1, 0, True),
    "at_rows": ("x = x.at[i, :].set(jnp.sin(x[i - 1, :]) + u[i])", 1, 0, True),
    "at_cols": ("x = x.at[:, i].set(x[:, i - 1] * 0.9 + 1)", 1, 0, True),
    "dynamic": ("x = lax.dynamic_update_slice(x, (x[i - 1] * 0.5 + u[i])[None], (i,))", 1, 0, True),
    "index_number": ("x = x.at[i].set(x[i - 1] + i)", 1, 0, True),
    "side_effect": ("x = x.at[i].set(record(x[i - 1]))", 1, 0, True),
    "plain": ("x = x + 0.01 * jnp.sin(x)", 0, 0, False),
    "plain_input": ("x = x * 0.9 + u[i]", 0, 0, True),
    "augmented": ("x += 0.01 * jnp.cos(x)", 0, 0, False),
}
#: How the carried value and the inputs are made before the loop.
PREAMBLES = {
    "param": "",
    "asarray": "    x = jnp.asarray(x)\n    u = jnp.asarray(u)\n",
    "reshaped": "    x = jnp.reshape(x, {shape})\n    u = jnp.reshape(u, ({n},))\n",
    "float32": "    x = jnp.reshape(x, {shape}).astype(jnp.float32)\n    u = jnp.reshape(u, ({n},)).astype(jnp.float32)\n",
    "numpy": "    x = np.asarray(x)\n    u = jnp.asarray(u)\n",
    "shadowed": "    x = jnp.reshape(x, {shape})\n    u = jnp.reshape(u, ({n},))\n    lax = None\n",
}
#: The loop header (``{count}``: the steps a full walk takes; ``{axis}``: the walked axis's length).
RANGES = {
    "shape": "range({start}, {axis}{minus})",
    "literal": "range({start}, {count}{minus})",
    "literal_short": "range({start}, {short})",
    "literal_long": "range({start}, {long})",
    "param_n": "range({start}, n{minus})",
    "one_arg": "range({count}{minus})",
    "empty": "range({start}, {start})",
}
#: What happens to the loop variable after the loop.
AFTERS = {
    "none": "    return x\n",
    "read_after": "    return x * i\n",
    "closure": "    g = lambda: i\n    return x\n",
}
DTYPES = ["float32", "float16", "bfloat16", "int8", "int32", "bool"]
SHAPES = [(0,), (1,), (20,), (30,), (20, 3), (2, 5, 3)]
PLAIN_STEPS = 120


def _program(body: str, preamble: str, header: str, after: str, shape, dtype: str, jit: bool = True) -> Program:
    statement, reads_back, writes_ahead, walks = BODIES[body]
    axis_index = -1 if body == "at_cols" else 0
    n = shape[axis_index] if shape else 1
    count = n if walks else PLAIN_STEPS
    axis = (f"x.shape[{axis_index}]" if walks else f"x.shape[0] * {PLAIN_STEPS // max(n, 1)}") if n else "x.shape[0]"
    start = reads_back if header != "one_arg" else 0
    minus = f" - {writes_ahead}" if writes_ahead else ""
    loop = RANGES[header].format(start=start, count=count, axis=axis, minus=minus, short=max(start, count - 2), long=count + 2)
    prelude = PREAMBLES[preamble].format(shape=tuple(shape), n=max(n, count) if walks else n)
    default = count - writes_ahead if header == "param_n" else count
    source = (
        "from functools import partial\n\nimport jax\nimport jax.numpy as jnp\nimport numpy as np\nfrom jax import lax\n\n"
        "LOG = []\n\n\ndef record(v):\n    LOG.append(v)\n    return v\n\n\n"
        + ("@partial(jax.jit, static_argnames='n')\n" if jit else "")
        + f"def f(x, u, n={default + writes_ahead}):\n{prelude}    for i in {loop}:\n        {statement}\n{AFTERS[after]}"
    )

    def args(jnp, np):
        rng = np.random.default_rng(3)
        size = 1
        for dim in shape:
            size *= dim
        data = rng.normal(size=(size,)).reshape(shape) * 2
        inputs = rng.normal(size=(max(n, count if walks else n),))
        if dtype == "bool":
            return (jnp.asarray(data > 0), jnp.asarray(inputs > 0))
        return (jnp.asarray(data).astype(dtype), jnp.asarray(inputs).astype(dtype))

    return Program(source, args, f"{body}/{preamble}/{header}/{after}/{shape}/{dtype}/jit={jit}", argnums=(0, 1))


def _shape_for(body: str, shape):
    """Bodies that index two axes need a matrix; the others walk a vector."""
    size = 1
    for dim in shape:
        size *= dim
    if body in ("at_rows", "at_cols"):
        return shape if len(shape) == 2 else (size // 3, 3) if size % 3 == 0 and size >= 3 else (20, 3)
    return (size,)


QUICK = [
    dict(body=body, preamble=preamble, header=header, after=after, shape=_shape_for(body, shape), dtype=dtype)
    for body, preamble, header, after, shape, dtype in [
        ("at_prev", "reshaped", "shape", "none", (20,), "float32"),
        ("at_prev", "reshaped", "literal_short", "none", (20,), "int8"),
        ("at_prev", "reshaped", "shape", "read_after", (20,), "float32"),
        ("at_prev", "asarray", "shape", "none", (0,), "float32"),
        ("at_prev", "param", "shape", "none", (20,), "float32"),
        ("at_prev", "numpy", "shape", "none", (20,), "float32"),
        ("at_prev", "shadowed", "literal_long", "none", (20,), "float32"),
        ("at_next", "reshaped", "shape", "none", (20,), "bfloat16"),
        ("at_add", "reshaped", "one_arg", "none", (20,), "int32"),
        ("at_mul_back", "reshaped", "literal", "closure", (20,), "float32"),
        ("at_cols", "reshaped", "shape", "none", (3, 10), "bool"),
        ("dynamic", "reshaped", "shape", "none", (20,), "float32"),
        ("index_number", "reshaped", "shape", "none", (20,), "float32"),
        ("side_effect", "reshaped", "shape", "none", (20,), "float32"),
        ("plain", "reshaped", "param_n", "none", (20,), "float16"),
        ("plain_input", "float32", "shape", "none", (20,), "float32"),
        ("augmented", "float32", "param_n", "none", (20,), "float32"),
    ]
]
AT_BODIES = ["at_prev", "at_next", "at_add", "at_mul_back", "at_rows", "at_cols"]


def _slice(**axes) -> list[dict]:
    return [dict(combo, shape=_shape_for(combo["body"], combo["shape"])) for combo in grid(**axes)]


#: Slices of the full product, each varying what it is about: dtypes for every `.at` body; every
#: range (empty, short, long, one argument) and shape; every preamble and body (most of them
#: unsafe); loop-variable reads; eager code; and the 120-step bodies that walk no data.
WIDE = (
    _slice(body=AT_BODIES, preamble=["reshaped"], header=["shape", "literal"], after=["none"], shape=[(20,), (30,)], dtype=DTYPES, jit=[True])
    + _slice(body=AT_BODIES, preamble=["reshaped"], header=list(RANGES), after=["none"], shape=[(0,), (1,), (20,)], dtype=["float32"], jit=[True])
    + _slice(body=list(BODIES), preamble=list(PREAMBLES), header=["shape"], after=["none"], shape=[(20,)], dtype=["float32", "int8"], jit=[True])
    + _slice(body=["at_prev", "at_cols", "plain_input"], preamble=["reshaped", "float32"], header=["shape", "literal"], after=list(AFTERS), shape=[(20,)], dtype=["float32"], jit=[True])
    + _slice(body=AT_BODIES + ["plain_input"], preamble=["reshaped", "float32"], header=["shape"], after=["none"], shape=[(20,)], dtype=["float32", "bfloat16"], jit=[False])
    + _slice(body=["plain", "augmented"], preamble=["float32"], header=["literal", "literal_long", "one_arg", "shape"], after=["none"], shape=[(20,)], dtype=["float32"], jit=[True])
)


def _id(combo: dict) -> str:
    return "-".join(str(value) for value in combo.values()).replace(" ", "")


def _dedupe(combos: list[dict]) -> list[dict]:
    seen: set[str] = set()
    kept = []
    for combo in combos:
        key = _id(combo)
        if key not in seen:
            seen.add(key)
            kept.append(combo)
    return kept


QUICK = _dedupe(QUICK)
WIDE = _dedupe(WIDE)


@pytest.mark.parametrize("combo", QUICK, ids=[_id(c) for c in QUICK])
def test_safe_fixes_keep_meaning(combo):
    outcome = check(_program(**combo), "GA103")
    assert outcome.ok, outcome.detail


@pytest.mark.slow
@pytest.mark.parametrize("combo", WIDE, ids=[_id(c) for c in WIDE])
def test_safe_fixes_keep_meaning_wide(combo):
    outcome = check(_program(**combo), "GA103")
    assert outcome.ok, outcome.detail


def test_some_fixes_are_safe():
    """The suite must exercise safe fixes, not only unsafe ones (or it proves nothing)."""
    for combo in (
        dict(body="at_prev", preamble="reshaped", header="shape", after="none", shape=(20,), dtype="float32"),
        dict(body="plain_input", preamble="float32", header="shape", after="none", shape=(20,), dtype="float32"),
    ):
        outcome = check(_program(**combo), "GA103")
        assert outcome.kind == "safe-applied" and outcome.ok, outcome
        assert "fori_loop" in outcome.fixed_source


@pytest.mark.parametrize(
    "combo, unproven",
    [
        (dict(body="at_prev", preamble="reshaped", header="shape", after="read_after", shape=(20,), dtype="float32"), "not read after the loop"),
        (dict(body="at_prev", preamble="asarray", header="shape", after="none", shape=(0,), dtype="float32"), "runs at least once"),
        (dict(body="at_prev", preamble="numpy", header="shape", after="none", shape=(20,), dtype="float32"), "is a jax array"),
        (dict(body="at_prev", preamble="reshaped", header="param_n", after="none", shape=(20,), dtype="float32"), "is a Python int"),
        (dict(body="side_effect", preamble="reshaped", header="shape", after="none", shape=(20,), dtype="float32"), "no side effects"),
        (dict(body="plain_input", preamble="reshaped", header="shape", after="none", shape=(20,), dtype="float16"), "keeps its dtype and shape"),
    ],
)
def test_unsafe_fixes_say_why(combo, unproven):
    from fixdiff import fix_safe

    program = _program(**combo)
    _, findings = fix_safe(program.source, "GA103")
    fixes = [finding.fix for finding in findings if finding.fix is not None]
    assert fixes and all(fix.applicability == "unsafe" for fix in fixes)
    assert any(unproven in reason for fix in fixes for reason in fix.unproven), [fix.unproven for fix in fixes]


def test_index_used_as_a_number_gets_no_fix():
    from fixdiff import fix_safe

    program = _program(body="index_number", preamble="reshaped", header="shape", after="none", shape=(20,), dtype="float32")
    _, findings = fix_safe(program.source, "GA103")
    assert findings and all(finding.fix is None for finding in findings)
