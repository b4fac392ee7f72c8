"""GA302 fixes, differentially: programs over loop forms, bodies, accumulators, dtypes, shapes,
``range(n)`` against the axis length, loop-variable reuse, ``for x in x``, shadowing and side
effects; every safe fix must keep value, gradient and raising behaviour."""

from __future__ import annotations

import pytest

from fixdiff import Program, check, grid

#: name -> (loop header lines, the element as the body reads it, a loop variable, increment?)
FORMS = {
    "range_len": (["for i in range(len(x)):"], "x[i]", "i"),
    "range_shape": (["for i in range(x.shape[0]):"], "x[i]", "i"),
    "range_name": (["N = x.shape[0]", "for i in range(N):"], "x[i]", "i"),
    "range_n": (["for i in range(n):"], "x[i]", "i"),
    "range_shift": (["for i in range(1, len(x)):"], "(x[i] - x[i - 1])", "i"),
    "range_ahead": (["for i in range(len(x) - 1):"], "(x[i + 1] - x[i])", "i"),
    "range_past": (["for i in range(len(x)):"], "(x[i + 1] - x[i])", "i"),
    "element": (["for xi in x:"], "xi", "xi"),
    "self_iter": (["for x in x:"], "x", "x"),
    "enumerate": (["for i, xi in enumerate(x):"], "xi", "xi"),
    "enumerate_index": (["for i, xi in enumerate(x):"], "(xi * (i + 1))", "i"),
    "zip_shift": (["for a, b in zip(x[:-1], x[1:]):"], "(b - a)", "a"),
    "zip_reversed": (["for a, b in zip(x, x[::-1]):"], "(a * b)", "a"),
    "pairwise": (["for a, b in itertools.pairwise(x):"], "(b - a)", "b"),
    "while_n": (["i = 0", "while i < n:"], "x[i]", "i"),
    "while_len": (["i = 0", "while i < len(x):"], "x[i]", "i"),
    "last_axis": (["for j in range(x.shape[-1]):"], "x[..., j]", "j"),
    "take": (["for i in range(len(x)):"], "jnp.take(x, i, axis=0)", "i"),
    "dynamic_index": (["for i in range(len(x)):"], "jax.lax.dynamic_index_in_dim(x, i, 0, keepdims=False)", "i"),
    "index_number": (["for k in range(n):"], "(w * k)", "k"),
    "nested": (["for i in range(len(x)):", "    for j in range(len(x)):"], "(x[i] - x[j])", "j"),
    "product": (["for a, b in itertools.product(x, x):"], "(a - b)", "a"),
}
BODIES = {
    "exp": "jnp.exp(-{e})",
    "free_name": "jnp.sin(w * {e})",
    "precedence": "-{e} ** 2",
    "plain": "{e} * w",
    "call": "rho({e})",
}
#: Statements of the loop body: ``{t}`` is the term.
ACCUMULATIONS = {
    "one": ["acc += {t}"],
    "minus": ["acc -= {t}"],
    "jnp_add": ["acc = jnp.add(acc, {t})"],
    "two": ["acc += {t}", "acc2 = acc2 + jnp.square({t})"],
    "side_effect": ["acc += {t}", "log.append(0)"],
    "printed": ["acc += {t}", "print('step')"],
    "walrus": ["acc += (t := {t})"],
    "local": ["t = {t}", "acc += t"],
    "chained": ["acc = acc + {t} - jnp.cos({t})"],
    "chained_minus": ["acc = acc - {t} + 0.5 * {t}"],
}
PREAMBLES = {
    "plain": "",
    "as_array": "x = jnp.asarray(x)",
    "fixed_length": "x = jnp.reshape(x, ({size},))",
    "float32": "x = jnp.reshape(x, ({size},)).astype(jnp.float32)",
    "matrix": "x = jnp.stack([jnp.reshape(x, ({size},)), jnp.reshape(x, ({size},)) * 0.5]).astype(jnp.float32)",
    "shadowed_jnp": "jnp = jax.numpy",
    "numpy_jnp": "jnp = np",
}
AFTER = {
    "none": "",
    "read_var": "acc = (acc, {var})",
    "rebound": "{var} = 0\n    acc = (acc, {var})",
}
INITS = {"float": "0.0", "int": "0", "zeros": "jnp.zeros(())", "zeros_f16": "jnp.zeros((), jnp.float16)"}
N_CASES = {"less": -2, "equal": 0, "more": 2, "negative": None}
SHAPES = [(), (0,), (1,), (5,), (20,), (3, 4), (0, 3), (2, 3, 2)]
DTYPES = ["float32", "float16", "bfloat16", "int8", "int32", "bool"]


def build(form: str, body: str, accumulation: str = "one", preamble: str = "plain", after: str = "none", init: str = "float", jit: bool = True, size: int = 20) -> str:
    header, element, var = FORMS[form]
    term = BODIES[body].format(e=element)
    lines = ["import functools", "import itertools", "", "import jax", "import jax.numpy as jnp", "import numpy as np", ""]
    lines += ["def rho(r):", "    return jnp.exp(-3.0 * (r + 1.0))", "", ""]
    if jit:
        lines.append('@functools.partial(jax.jit, static_argnames=("n",))')
    lines.append("def f(x, w, n):")
    if PREAMBLES[preamble]:
        lines.append("    " + PREAMBLES[preamble].format(size=size))
    lines.append(f"    acc = {INITS[init]}")
    if accumulation == "two":
        lines.append(f"    acc2 = {INITS[init]}")
    if accumulation == "side_effect":
        lines.append("    log = []")
    depth = 1
    for line in header:
        lines.append("    " + line)
        if line.rstrip().endswith(":"):
            depth = 2 + (len(line) - len(line.lstrip())) // 4
    indent = "    " * depth
    for statement in ACCUMULATIONS[accumulation]:
        lines.append(indent + statement.format(t=term))
    if form.startswith("while"):
        lines.append(indent + "i += 1")
    if AFTER[after]:
        lines.append("    " + AFTER[after].format(var=var))
    lines.append("    return " + ("(acc, acc2)" if accumulation == "two" else "acc"))
    return "\n".join(lines) + "\n"


def program(form="range_len", body="exp", accumulation="one", preamble="plain", after="none", init="float", shape=(20,), dtype="float32", n_case="equal", jit=True) -> Program:
    size = 1
    for dim in shape:
        size *= dim
    source = build(form, body, accumulation, preamble, after, init, jit, size)

    def args(jnp, np):
        rng = np.random.default_rng(0)
        data = rng.normal(size=shape) * 2
        x = jnp.asarray(data > 0) if dtype == "bool" else jnp.asarray(data).astype(dtype)
        delta = N_CASES[n_case]
        n = -1 if delta is None else (shape[0] if shape else 1) + delta
        return (x, jnp.asarray(0.7, dtype="float32"), n)

    description = f"{form}/{body}/{accumulation}/{preamble}/{after}/{init}/{shape}/{dtype}/n={n_case}"
    return Program(source, args, description, argnums=(0, 1))


def _combos():
    quick, wide = [], []
    # Every form and body, on arrays the fix can be proven for and on ones it cannot.
    for combo in grid(form=list(FORMS), body=list(BODIES), preamble=["plain", "fixed_length", "float32"], shape=SHAPES):
        if combo["preamble"] != "plain" and combo["shape"] not in ((20,), (0,)):
            continue  # reshaped to (size,): the other shapes give the same programs
        if combo["form"] in ("nested", "product") and combo["shape"] in ((20,), (3, 4), (2, 3, 2)):
            combo["shape"] = {(20,): (4,), (3, 4): (2, 2), (2, 3, 2): (2, 1, 2)}[combo["shape"]]
        wide.append(combo)
    # Dtypes and initial values.
    for combo in grid(
        form=["range_len", "element", "enumerate_index", "zip_shift", "while_len", "nested", "last_axis"],
        body=["exp", "precedence", "plain"], preamble=["fixed_length", "float32"], shape=[(20,)], dtype=DTYPES, init=list(INITS),
    ):
        if combo["form"] == "nested":
            # 81 unrolled steps compile slowly: one shape, one body, two starts.
            if combo["shape"] != (20,) or combo["body"] != "exp" or combo["init"] not in ("float", "int"):
                continue
            combo["shape"] = (9,)
        wide.append(combo)
    # range(n) and while i < n against the axis length, negative n.
    for combo in grid(form=["range_n", "while_n", "index_number"], body=["exp", "plain"], preamble=["plain", "fixed_length", "float32"], shape=[(20,), (3, 4), (0,)], n_case=list(N_CASES)):
        wide.append(combo)
    # Loop variables read after the loop, accumulator forms, side effects, shadowing, ranks.
    for combo in grid(
        form=["range_len", "element", "self_iter", "enumerate", "zip_shift", "pairwise", "while_len", "nested", "product", "take", "dynamic_index"],
        body=["exp", "free_name", "plain"], accumulation=list(ACCUMULATIONS), preamble=["float32", "matrix", "shadowed_jnp", "numpy_jnp"], after=list(AFTER),
    ):
        if combo["accumulation"] != "one" and combo["after"] != "none" or combo["preamble"] in ("shadowed_jnp", "numpy_jnp") and combo["accumulation"] not in ("one",):
            continue
        combo["shape"] = (4,) if combo["form"] in ("nested", "product") else (20,)
        wide.append(combo)
    # Unjitted: eager jax (the trace is not proven, the fix is the same).
    for combo in grid(form=["range_len", "element", "pairwise"], body=["exp", "plain"], preamble=["float32", "plain"], jit=[False]):
        wide.append(combo)
    quick = [
        # Scanned only (unsafe, or not reported): fast.
        dict(form="range_len", body="exp", preamble="fixed_length", dtype="int8", init="int"),
        dict(form="range_len", body="exp", preamble="float32", after="read_var"),
        dict(form="range_name", body="free_name", preamble="float32"),
        dict(form="range_past", body="plain", preamble="float32"),
        dict(form="range_n", body="exp", preamble="float32", n_case="more"),
        dict(form="range_n", body="exp", preamble="float32", n_case="negative"),
        dict(form="element", body="plain", preamble="float32", shape=(0,)),
        dict(form="self_iter", body="exp", preamble="float32"),
        dict(form="zip_reversed", body="plain", preamble="float32"),
        dict(form="while_len", body="exp", preamble="float32", after="read_var"),
        dict(form="product", body="plain", preamble="plain", shape=(4,)),
        dict(form="element", body="exp", preamble="shadowed_jnp"),
        dict(form="element", body="exp", preamble="float32", accumulation="side_effect"),
        dict(form="element", body="exp", preamble="float32", accumulation="walrus"),
        dict(form="element", body="exp", preamble="float32", init="zeros_f16"),
        dict(form="index_number", body="exp", preamble="plain"),
        # Applied and run.
        dict(form="range_len", body="precedence", preamble="fixed_length", dtype="int8"),
        dict(form="element", body="exp", preamble="float32", accumulation="jnp_add", init="zeros"),
        dict(form="take", body="exp", preamble="float32", shape=(5,)),
        dict(form="range_len", body="exp", preamble="fixed_length", accumulation="chained"),
        dict(form="element", body="plain", preamble="float32", accumulation="chained_minus"),
    ]
    return quick, wide


QUICK, WIDE = _combos()


def _id(combo: dict) -> str:
    return "-".join(str(value) for value in combo.values()).replace(" ", "")


@pytest.mark.parametrize("combo", QUICK, ids=[_id(c) for c in QUICK])
def test_safe_fixes_keep_meaning(combo):
    outcome = check(program(**combo), "GA302")
    assert outcome.ok, outcome.detail


@pytest.mark.slow
@pytest.mark.parametrize("combo", WIDE, ids=[_id(c) for c in WIDE])
def test_safe_fixes_keep_meaning_wide(combo):
    outcome = check(program(**combo), "GA302")
    assert outcome.ok, outcome.detail


def _scan_errors(combos) -> list[str]:
    from gradadvisor.engine.runner import check_text
    from gradadvisor.rules import rule_by_code

    rule = rule_by_code("GA302")
    problems = []
    for combo in combos:
        errors = check_text("program.py", program(**combo).source, [rule], min_confidence="low").errors
        problems += [f"{_id(combo)}: {error.message}" for error in errors]
    return problems


def test_the_rule_never_crashes_on_the_quick_programs():
    """A crash reads as "no finding" to the differential check: look for them directly."""
    assert _scan_errors(QUICK) == []


@pytest.mark.slow
def test_the_rule_never_crashes_on_the_wide_programs():
    assert _scan_errors(WIDE) == []


SAFE = [
    dict(form="range_shift", body="exp", preamble="float32"),
    dict(form="pairwise", body="exp", preamble="float32", accumulation="two"),
    dict(form="last_axis", body="exp", preamble="matrix"),
]


@pytest.mark.parametrize("combo", SAFE, ids=[_id(c) for c in SAFE])
def test_some_fixes_are_safe(combo):
    """The suite must exercise safe fixes, not only unsafe ones (or it proves nothing)."""
    outcome = check(program(**combo), "GA302")
    assert outcome.kind == "safe-applied" and outcome.ok, (outcome.kind, outcome.detail)


@pytest.mark.slow
@pytest.mark.parametrize("form", ["nested", "product"])
def test_some_pairwise_fixes_are_safe(form):
    outcome = check(program(form=form, body="exp", preamble="float32", shape=(9,)), "GA302")
    assert outcome.kind == "safe-applied" and outcome.ok, (outcome.kind, outcome.detail)


UNSAFE = [
    # (combo, a precondition the fix must list)
    (dict(form="range_len", body="exp", preamble="float32", after="read_var"), "`i` is not read after the loop"),
    (dict(form="self_iter", body="exp", preamble="float32"), "is not the name the loop iterates"),
    (dict(form="range_n", body="exp", preamble="float32"), "stays inside `x`"),
    (dict(form="range_past", body="exp", preamble="float32"), "stays inside `x`"),
    (dict(form="range_len", body="exp", preamble="plain"), "is a jax array"),
    (dict(form="range_len", body="exp", preamble="as_array"), "runs at least once"),
    (dict(form="zip_reversed", body="plain", preamble="plain"), "have the same length"),
    (dict(form="element", body="call", preamble="float32"), "JAX function of one element"),
    (dict(form="element", body="exp", preamble="fixed_length", init="int"), "starts as a Python float"),
    (dict(form="element", body="free_name", preamble="float32"), "broadcast as one element does"),
    (dict(form="element", body="exp", preamble="float32", init="zeros_f16"), "no dtype is small"),
]


@pytest.mark.parametrize("combo, reason", UNSAFE, ids=[_id(c) for c, _ in UNSAFE])
def test_unproven_preconditions_are_listed(combo, reason):
    from fixdiff import fix_safe

    source = program(**combo).source
    _, findings = fix_safe(source, "GA302")
    assert findings and findings[0].fix is not None, source
    assert findings[0].fix.applicability == "unsafe"
    assert any(reason in item for item in findings[0].fix.unproven), findings[0].fix.unproven


def test_a_reversed_copy_of_a_fixed_length_array_has_its_length():
    """``zip(x, x[::-1])`` of a reshaped 20-vector: ``x[::-1]`` has 20 items too (a slice with
    literal bounds of a known length), so equal lengths are proven, not listed."""
    from fixdiff import fix_safe

    _, findings = fix_safe(program(form="zip_reversed", body="plain", preamble="float32").source, "GA302")
    assert findings and findings[0].fix is not None
    assert not any("have the same length" in item for item in findings[0].fix.unproven), findings[0].fix.unproven


def test_comments_in_the_removed_loop_are_kept():
    source = build("range_len", "exp", preamble="float32").replace("        acc += ", "        # one term per element\n        acc += ")
    from fixdiff import fix_safe

    fixed, _ = fix_safe(source, "GA302")
    assert "    # one term per element\n    acc = acc + jnp.sum(jnp.exp(-x), axis=0)\n" in fixed, fixed


@pytest.mark.parametrize("accumulation", ["side_effect", "printed", "walrus"])
def test_side_effects_and_walrus_are_never_dropped(accumulation):
    """No fix (safe or not) removes a statement with an effect or a ``:=`` binding."""
    from fixdiff import fix_safe

    from gradadvisor.engine.runner import check_text
    from gradadvisor.rules import rule_by_code

    source = build("range_len", "exp", accumulation, preamble="float32")
    checked = check_text("program.py", source, [rule_by_code("GA302")], min_confidence="low")
    assert all(finding.fix is None for finding in checked.findings)
    assert fix_safe(source, "GA302")[0] == source


#: Programs written against the proofs one by one: each must keep its meaning after the safe fixes.
HEADER = "import itertools\n\nimport jax\nimport jax.numpy as jnp\nfrom jax import lax\n\n\n@jax.jit\ndef f(x, w, n=20):\n    x = jnp.reshape(x, (20,)).astype(jnp.float32)\n"
ADVERSARIAL = {
    "del_after": "    acc = 0.0\n    for i in range(len(x)):\n        acc += jnp.exp(-x[i])\n    del i\n    return acc\n",
    "locals_after": "    acc = 0.0\n    for i in range(len(x)):\n        acc += jnp.exp(-x[i])\n    return acc, len(locals())\n",
    "list_building": "    acc = []\n    for i in range(len(x)):\n        acc += [x[i] * 2.0]\n    return jnp.stack(acc)\n",
    "keepdims_free_rank": "    v = jnp.arange(20.0)\n    acc = 0.0\n    for i in range(len(x)):\n        acc += jnp.exp(lax.dynamic_slice(x, (i,), (1,))) * v\n    return acc\n",
    "keepdims_scalar": "    acc = 0.0\n    for i in range(len(x)):\n        acc += jnp.exp(lax.dynamic_slice(x, (i,), (1,))) * 2.0\n    return acc\n",
    "joined_start": "    acc = 0.0\n    if n > 3:\n        acc = jnp.zeros(3)\n    for i in range(len(x)):\n        acc += jnp.exp(-x[i])\n    return acc\n",
    "same_names": "    acc = 0.0\n    for i in range(len(x)):\n        for i in range(len(x)):\n            acc += jnp.exp(-x[i])\n    return acc\n",
    "vector_start": "    acc = jnp.zeros(3)\n    for xi in x:\n        acc += jnp.exp(-xi)\n    return acc\n",
    "int_start_known": "    acc = 0\n    for xi in x:\n        acc += jnp.exp(-xi)\n    return acc\n",
    "bool_start": "    acc = False\n    for xi in x:\n        acc = acc + jnp.exp(-xi)\n    return acc\n",
    "other_array_length": "    y = x[::-1]\n    acc = 0.0\n    for i in range(len(x)):\n        acc += x[i] * y[i]\n    return acc\n",
    "shorter_other": "    y = x[:5]\n    acc = 0.0\n    for i in range(len(x)):\n        acc += x[i] * y[i]\n    return acc\n",
    "triangle": "    e = 0.0\n    for i in range(len(x)):\n        for j in range(i + 1, len(x)):\n            e += jnp.exp(-(x[i] - x[j]) ** 2)\n    return e\n",
    "self_iter_in_loop": "    acc = 0.0\n    for _ in range(2):\n        for x in x:\n            acc += jnp.exp(-x)\n    return acc\n",
    "while_from_three": "    acc = 0.0\n    i = 3\n    while i < len(x):\n        acc -= jnp.exp(-x[i])\n        i += 1\n    return acc\n",
    "where_term": "    acc = 0.0\n    for i in range(len(x)):\n        acc += jnp.where(x[i] > 0, x[i], 0.5 * x[i])\n    return acc\n",
    "int_accumulator": "    k = jnp.reshape(x, (20,)).astype(jnp.int32)\n    acc = jnp.zeros((), jnp.int32)\n    for i in range(len(k)):\n        acc += k[i] * 3\n    return acc\n",
    "int_into_float": "    k = jnp.round(x * 1e6).astype(jnp.int32)\n    acc = 0.0\n    for ki in k:\n        acc += ki\n    return acc\n",
    "subtract_two": "    a = 0.0\n    b = 1.0\n    for xi in x:\n        # both at once\n        a -= xi\n        b = b + jnp.square(xi)\n    return a, b\n",
    "column_read": "    m = jnp.reshape(jnp.concatenate([x, x * 0.5]), (20, 2)).astype(jnp.float32)\n    acc = 0.0\n    for i in range(m.shape[0]):\n        acc += jnp.exp(-m[i, 0])\n    return acc\n",
    "rows_of_matrix": "    m = jnp.reshape(jnp.concatenate([x, x * 0.5]), (20, 2)).astype(jnp.float32)\n    acc = 0.0\n    for i in range(m.shape[0]):\n        acc += m[i] * x[i]\n    return acc\n",
    "name_of_length": "    N = len(x)\n    x = x[1:]\n    acc = 0.0\n    for i in range(N):\n        acc += x[i]\n    return acc\n",
    "product_index": "    acc = 0.0\n    for i, j in itertools.product(range(len(x)), range(len(x))):\n        acc += jnp.exp(-(x[i] - x[j]) ** 2)\n    return acc\n",
    "comparison_count": "    acc = 0\n    for xi in x:\n        acc += xi > 0\n    return acc\n",
}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(ADVERSARIAL))
def test_adversarial_programs_keep_meaning(name):
    def args(jnp, np):
        return (jnp.asarray(np.random.default_rng(1).normal(size=20).astype(np.float32)), jnp.asarray(0.7, dtype="float32"))

    outcome = check(Program(HEADER + ADVERSARIAL[name], args, name, argnums=(0, 1)), "GA302")
    assert outcome.ok, outcome.detail
