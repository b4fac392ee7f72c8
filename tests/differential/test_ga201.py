"""GA201 fixes, differentially: slicing loops over forms, ranks, shapes (rectangular, square,
empty, batched), dtypes, ranges shorter or longer than the axis, stale sizes, offsets and
side effects; every safe fix must keep value, gradient and raising behaviour."""

from __future__ import annotations

from dataclasses import replace

import pytest

from fixdiff import Program, check

#: Loop bodies over two arrays ``a`` and ``b`` of the same shape; ``{R}`` is the range's stop
#: for the loops that index axis 1 (a column).
FORMS = {
    "col_dot": "return jnp.stack([jnp.dot(a[:, i], b[:, i]) for i in range({R})])",
    "col_vdot_array": "return jnp.array([jnp.vdot(a[:, i], b[:, i]) for i in range({R})])",
    "col_sum_product": "return jnp.stack([jnp.sum(a[:, i] * b[:, i] * a[:, i]) for i in range({R})])",
    "col_matvec": "return jnp.stack([a.T @ b[:, j] for j in range({R})], axis=1)",
    "pairs": "return jnp.array([[jnp.dot(a[i], b[j]) for j in range(b.shape[0])] for i in range(a.shape[0])])",
    "product": "return jnp.array([jnp.dot(a[i], b[j]) for i, j in itertools.product(range(a.shape[0]), range(b.shape[0]))])",
    "zip_rows": "return jnp.stack([jnp.dot(x, y) for x, y in zip(a, b)])",
    "enumerate": "return jnp.stack([jnp.dot(x, b[i]) for i, x in enumerate(a)])",
    "row_per_item": "return jnp.stack([a[t] @ b[t].T for t in range(a.shape[0])])",
    "offset": "return jnp.stack([jnp.dot(a[i], b[i + 1]) for i in range(a.shape[0] - 1)])",
    "take": "return jnp.stack([jnp.vdot(jnp.take(a, i, axis=1), jnp.take(b, i, axis=1)) for i in range({R})])",
    "dynamic_index": "return jnp.stack([jnp.vdot(lax.dynamic_index_in_dim(a, i, 1, keepdims=False), b[:, i]) for i in range({R})])",
    "dynamic_slice": "return jnp.stack([jnp.dot(lax.dynamic_slice(a, (i, 0), (1, a.shape[1])), b[i]) for i in range(a.shape[0])])",
    "at_set": "out = jnp.zeros({R})\n    for i in range({R}):\n        out = out.at[i].set(jnp.dot(a[:, i], b[:, i]))\n    return out",
    "at_set_read_after": "out = jnp.zeros({R})\n    for i in range({R}):\n        out = out.at[i].set(jnp.dot(a[:, i], b[:, i]))\n    return out * i",
    "while": "out = jnp.zeros({R})\n    i = 0\n    while i < {R}:\n        out = out.at[i].set(jnp.dot(a[:, i], b[:, i]))\n        i += 1\n    return out",
    "columns_plus": "m = b[:, 0]\n    return jnp.array([m + a[:, i] for i in range({R})])",
    "columns_scaled": "return jnp.stack([a[:, i] * 2.0 for i in range({R})], axis=1)",
    "columns_scalar_free": "w = b[0, 0]\n    return jnp.stack([a[:, i] * w for i in range({R})], axis=1)",
    "columns_vector_free": "w = b[0]\n    return jnp.stack([a[:, i] * w for i in range({R})], axis=1)",
    "columns_transposed": "return jnp.stack([jnp.tanh(a[:, i]) - b[:, i] for i in range({R})])",
    "side_effect": "return jnp.stack([jnp.dot(scaled(a)[:, i], b[:, i]) for i in range({R})])",
    "stale_size": "n = a.shape[1]\n    a = a[:, 1:]\n    return jnp.stack([jnp.dot(a[:, i], b[:, i]) for i in range(n)])",
}
#: The range's stop for column loops: the axis, a static argument equal to it, shorter, longer.
RANGES = {
    "axis": "a.shape[1]",
    "arg": "n",
    "short": "a.shape[1] - 1",
    "long": "a.shape[1] + 1",
}
#: How the arrays get their shapes: reshaped to a literal shape (ranks and sizes proven), or as given.
SHAPERS = {
    "reshaped": "    a = jnp.reshape(a, {shape})\n    b = jnp.reshape(b, {shape})\n",
    "as_given": "",
    "int8": "    a = jnp.reshape(a, {shape}).astype(jnp.int8)\n    b = jnp.reshape(b, {shape}).astype(jnp.int8)\n",
    "float32": "    a = jnp.reshape(a, {shape}).astype(jnp.float32)\n    b = jnp.reshape(b, {shape}).astype(jnp.float32)\n",
}
SHAPES = [(4, 20), (20, 20), (0, 20), (1, 20), (20, 0), (20,), (2, 3, 20)]
DTYPES = ["float32", "float16", "bfloat16", "int8", "int32", "bool", "complex64"]

HEADER = (
    "import itertools\n\nimport jax\nimport jax.numpy as jnp\nfrom jax import lax\n\n\n"
    "def scaled(x):\n    print('scaled')\n    return x * 2\n\n\n"
)
#: Differentiated (so findings are reported) but run eagerly: unrolled loops compile slowly.
FOOTER = "\n\ngrad_f = jax.grad(f)\n"


def _program(form: str, shaper: str, shape, dtype: str, stop: str = "axis", extra: int = 0) -> Program:
    body = FORMS[form].replace("{R}", RANGES[stop])
    source = HEADER + f"def f(a, b, n):\n{SHAPERS[shaper].format(shape=shape)}    {body}\n" + FOOTER

    def args(jnp, np):
        rng = np.random.default_rng(2)
        size = 1
        for dim in shape:
            size *= dim
        data = rng.normal(size=(size,)) * 2
        other = rng.normal(size=(size,))
        columns = shape[1] if len(shape) > 1 else shape[0]
        n = columns + extra
        if dtype == "bool":
            return (jnp.asarray(data > 0).reshape(shape), jnp.asarray(other > 0).reshape(shape), n)
        if dtype.startswith("complex"):
            data = data + 1j * rng.normal(size=(size,))
            other = other - 1j * rng.normal(size=(size,))
        return (jnp.asarray(data).astype(dtype).reshape(shape), jnp.asarray(other).astype(dtype).reshape(shape), n)

    return Program(source, args, f"{form}/{shaper}/{shape}/{dtype}/{stop}{extra:+d}", argnums=(0, 1))


def _uses_range(form: str) -> bool:
    return "{R}" in FORMS[form]


QUICK = [
    dict(form=form, shaper="reshaped", shape=(3, 20), dtype="float32", stop="axis", extra=0)
    for form in ("col_dot", "col_sum_product", "col_matvec", "take", "at_set", "while", "columns_plus", "columns_scalar_free")
] + [
    dict(form="col_dot", shaper="reshaped", shape=(3, 20), dtype="float32", stop="arg", extra=1),
    dict(form="col_dot", shaper="reshaped", shape=(3, 20), dtype="float32", stop="long", extra=0),
    dict(form="col_dot", shaper="as_given", shape=(2, 3, 20), dtype="float32", stop="axis", extra=0),
    dict(form="col_vdot_array", shaper="reshaped", shape=(3, 20), dtype="complex64", stop="axis", extra=0),
    dict(form="zip_rows", shaper="reshaped", shape=(20, 3), dtype="float32", stop="axis", extra=0),
    dict(form="offset", shaper="reshaped", shape=(20, 3), dtype="float32", stop="axis", extra=0),
    dict(form="stale_size", shaper="reshaped", shape=(3, 20), dtype="float32", stop="axis", extra=0),
    dict(form="col_dot", shaper="reshaped", shape=(0, 20), dtype="float32", stop="axis", extra=0),
]
RANGE_FORMS = [form for form in FORMS if _uses_range(form)]
WIDE = (
    # Every form, shape and dtype, with ranks and sizes proven (where safe fixes happen).
    [dict(form=form, shaper="reshaped", shape=shape, dtype=dtype, stop="axis", extra=0) for form in FORMS for shape in SHAPES for dtype in DTYPES]
    # Every form and shape as given (ranks unknown), and with a small dtype the code shows.
    + [dict(form=form, shaper=shaper, shape=shape, dtype="float32", stop="axis", extra=0) for form in FORMS for shape in SHAPES for shaper in ("as_given", "int8", "float32")]
    # Ranges shorter or longer than the axis, and static arguments that may or may not match it.
    + [
        dict(form=form, shaper=shaper, shape=shape, dtype="float32", stop=stop, extra=extra)
        for form in RANGE_FORMS
        for shaper in ("reshaped", "as_given")
        for shape in ((4, 20), (20, 20), (2, 3, 20), (20, 0))
        for stop, extra in (("arg", 0), ("arg", -1), ("arg", 1), ("short", 0), ("long", 0))
    ]
    # Row loops over tall arrays (the columns above are too few for a data-sized row loop).
    + [
        dict(form=form, shaper=shaper, shape=shape, dtype=dtype, stop="axis", extra=0)
        for form in ("pairs", "product", "zip_rows", "enumerate", "row_per_item", "offset", "dynamic_slice")
        for shaper in ("reshaped", "as_given")
        for shape in ((12, 4), (12, 1), (2, 12, 3))
        for dtype in ("float32", "int32", "complex64", "bool")
    ]
)


def _id(combo: dict) -> str:
    return "-".join(str(value) for value in combo.values()).replace(" ", "")


@pytest.mark.parametrize("combo", QUICK, ids=[_id(c) for c in QUICK])
def test_safe_fixes_keep_meaning(combo):
    outcome = check(_program(**combo), "GA201")
    assert outcome.ok, outcome.detail


@pytest.mark.slow
@pytest.mark.parametrize("combo", WIDE, ids=[_id(c) for c in WIDE])
def test_safe_fixes_keep_meaning_wide(combo):
    outcome = check(_program(**combo), "GA201")
    assert outcome.ok, outcome.detail


@pytest.mark.parametrize(
    "combo",
    [
        dict(form="col_dot", shaper="reshaped", shape=(3, 20), dtype="float32"),
        dict(form="zip_rows", shaper="reshaped", shape=(20, 3), dtype="float32"),
        dict(form="offset", shaper="reshaped", shape=(20, 3), dtype="float32"),
        dict(form="at_set", shaper="reshaped", shape=(3, 20), dtype="float32"),
        dict(form="columns_scaled", shaper="reshaped", shape=(3, 20), dtype="float32"),
        dict(form="columns_scalar_free", shaper="float32", shape=(3, 20), dtype="float32"),
    ],
    ids=lambda combo: combo["form"],
)
def test_some_fixes_are_safe(combo):
    """The suite must exercise safe fixes, not only unsafe ones (or it proves nothing). The
    dtype of a parameter is proven by its callers: the program states the harness's call."""
    outcome = check(replace(_program(**combo), stated_caller=True), "GA201")
    assert outcome.kind == "safe-applied" and outcome.ok, outcome


@pytest.mark.parametrize(
    "combo",
    [
        dict(form="col_dot", shaper="reshaped", shape=(3, 20), dtype="float32", stop="long"),
        dict(form="col_dot", shaper="int8", shape=(3, 20), dtype="int32"),
        dict(form="col_vdot_array", shaper="reshaped", shape=(3, 20), dtype="complex64"),
        dict(form="at_set_read_after", shaper="reshaped", shape=(3, 20), dtype="float32"),
        dict(form="columns_vector_free", shaper="reshaped", shape=(3, 20), dtype="float32"),
        dict(form="side_effect", shaper="reshaped", shape=(3, 20), dtype="float32"),
        dict(form="col_dot", shaper="as_given", shape=(3, 20), dtype="float32"),
    ],
    ids=lambda combo: f"{combo['form']}-{combo['dtype']}-{combo.get('stop', 'axis')}-{combo['shaper']}",
)
def test_what_is_not_proven_stays_unsafe(combo):
    """A longer range, a small dtype, a complex vdot, a loop variable read after the loop, an array
    that may broadcast differently, a call that may have side effects, unknown ranks: unsafe."""
    outcome = check(_program(**combo), "GA201")
    assert outcome.kind == "unsafe", outcome
