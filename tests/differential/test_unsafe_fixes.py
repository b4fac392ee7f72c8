"""Unsafe fixes, differentially (``--fix --unsafe-fixes``): each rule's fixes applied to
programs that satisfy the preconditions the fix says it could not prove must keep values,
dtypes, gradients and raising behaviour.

The programs put the replaced expression in every kind of slot (operand of ``**``, unary
minus, ``+ - * / @`` on either side, method call, subscript, attribute, comparison, under
``not``, the body of a conditional expression), iterate over expressions that need
parentheses once substituted into the body (``x * 2.0``, ``x + 0.5``, ``-x``), and write the
replaced code over several lines with a comment on each (comments must survive, moved above
the statement). The default suite runs a handful of tiny programs; the sweep is ``-m slow``.
"""

from __future__ import annotations

import textwrap
from collections import Counter

import pytest

from fixdiff import Program, grid
from unsafediff import check

from gradadvisor.fixes.render import comments_in

#: Differentiated: the findings' confidence needs the gradient the fixes are compared on.
FOOTER = "\n\ngrad_f = jax.grad(lambda {params}: jnp.sum(f({params})))\n"
HEADER = (
    "from functools import partial\n\nimport jax\nimport jax.numpy as jnp\nfrom jax import lax\n\n\n"
    "def rho(r):\n    return jnp.exp(-3.0 * (r + 1.0))\n\n\n"
)
#: Where the replaced expression ``{R}`` lands.
CONTEXTS = {
    "plain": "{R}",
    "pow": "{R} ** 2",
    "rpow": "1.5 ** {R}",
    "neg": "-{R}",
    "mul": "{R} * 3.0",
    "rsub": "1.0 - {R}",
    "div": "{R} / 4.0",
    "rdiv": "{R} / (1.0 + {R} ** 2)",
    "method": "{R}.sum()",
    "subscript": "{R}[0]",
    "attribute": "{R}.T",
    "compare": "jnp.where({R} < 0.5, {R}, 0.0)",
    "not_ifexp": "{R} if not n else 0.0",
    # ``not`` on an array: both versions raise (a traced or many-element truth value).
    "not_compare": "jnp.where(not {R} > 100.0, {R}, 0.0)",
    "matmul": "{R} @ jnp.ones(jnp.shape({R}))",
}
#: Element bodies with ``{e}`` the loop variable: substituted by an array expression, each
#: must keep its own grouping (``-{e} ** 2`` with ``e = x * 2.0`` is ``-(x * 2.0) ** 2``).
BODIES = {
    "neg": "-{e}",
    "add": "{e} + 1.0",
    "sub": "{e} - 0.5",
    "mul": "{e} * 2.0",
    "div": "{e} / 3.0",
    "pow": "{e} ** 2",
    "neg_pow": "-{e} ** 2",
    "sin": "jnp.sin({e})",
    "product": "({e} + 1.0) * ({e} - 2.0)",
    "call": "rho({e})",
}
#: Bodies that call jax.numpy per element (GA301 and GA302 report only those), with the loop
#: variable in slots that need parentheses once it is an array expression.
JAX_BODIES = {
    "exp_neg": "jnp.exp(-{e})",
    "sin_pow": "jnp.sin({e}) ** 2",
    "neg_abs_pow": "-jnp.abs({e}) ** 2",
    "tanh_sub": "jnp.tanh({e}) - {e} * 2.0",
    "cos_neg_pow": "jnp.cos(-{e} ** 2)",
    "ratio": "{e} / (1.0 + jnp.exp({e}))",
    "call": "rho({e})",
}
ITERABLES = {"name": "x", "scaled": "x * 2.0", "shifted": "x + 0.5", "negated": "-x"}
#: Where a rule's scalar results (sums, traces) land: slots that need an array are left out.
SCALAR_CONTEXTS = [name for name in CONTEXTS if name not in ("subscript", "attribute", "matmul")]

#: Preconditions every program here satisfies by construction: its arrays are non-empty jax
#: float32 arrays of the shapes the code states, bodies are JAX functions of one element
#: without side effects, and loop variables are not read after their loop.
COMMON = (
    "is a jax array",
    "is an array",
    "is not empty",
    "is a JAX function of one element",
    "broadcast",
    "is not bool or a small dtype",
    "are not bool or a small dtype",
    "dtype is known",
    "is the number of rows",
    "covers exactly the rows",
    "stays inside",
    "the loop runs at least once",
    "keeps its dtype and shape through the body",
    "the start value adds the same way",
    "as a traced int32 as with a Python int",
    "exactly two axes",
    "the product is square",  # GA202's operands share their shape in every program here
    "has 2 axes",
    "has a known number of axes",
    "covers exactly axis",
)


def _args(shapes, n: int = 0):
    def args(jnp, np):
        rng = np.random.default_rng(7)
        arrays = tuple(jnp.asarray(rng.normal(size=shape) * 0.8, dtype=jnp.float32) for shape in shapes)
        return (*arrays, n)

    return args


def _source(params: str, body: str, jit: bool = True) -> str:
    """``f(params, n=0)`` with ``body``; each parameter is stated float32 (as the data is)."""
    decorator = "@partial(jax.jit, static_argnames='n')\n" if jit else ""
    prelude = "".join(f"    {param} = jnp.asarray({param}, dtype=jnp.float32)\n" for param in params.split(", "))
    return HEADER + decorator + f"def f({params}, n=0):\n{prelude}{body}" + FOOTER.format(params=params)


# -- GA101: jnp.stack / jnp.array of a per-element function --------------------------------

GA101_FORMS = {
    "stack": "jnp.stack([{body} for xi in {it}])",
    "array": "jnp.array([{body} for xi in {it}])",
    "range": "jnp.stack([{body_i} for i in range(x.shape[0])])",
    "comments": "jnp.stack([\n        {body}  # one row\n        for xi in {it}  # each element\n    ])",
}


def ga101(form: str, body: str, context: str, iterable: str = "name", shape=(4, 3)) -> Program:
    it = ITERABLES[iterable]
    expression = GA101_FORMS[form].format(body=BODIES[body].format(e="xi"), body_i=BODIES[body].format(e=f"({it})[i]"), it=it)
    source = _source("x", f"    return {CONTEXTS[context].replace('{R}', expression)}\n")
    return Program(source, _args([shape]), f"GA101/{form}/{body}/{context}/{iterable}/{shape}", argnums=(0,))


# -- GA301: the builtin sum over an array --------------------------------------------------

GA301_FORMS = {
    "element": "sum({body} for xi in {it})",
    "listed": "sum([{body} for xi in {it}])",
    "range": "sum({body_i} for i in range(len(x)))",
    "start": "sum(({body} for xi in {it}), 2.0)",
    "whole": "sum({it})",
    "comments": "sum(\n        {body}  # one term\n        for xi in {it}  # each element\n    )",
}


def ga301(form: str, body: str, context: str, iterable: str = "name", shape=(5,)) -> Program:
    it = ITERABLES[iterable]
    expression = GA301_FORMS[form].format(body=JAX_BODIES[body].format(e="xi"), body_i=JAX_BODIES[body].format(e=f"({it})[i]"), it=it)
    source = _source("x", f"    return {CONTEXTS[context].replace('{R}', expression)}\n")
    return Program(source, _args([shape]), f"GA301/{form}/{body}/{context}/{iterable}/{shape}", argnums=(0,))


# -- GA202: diag / trace of a matrix product ------------------------------------------------

OPERANDS = {"name": ("a", "b"), "scaled": ("a * 2.0", "b + 1.0"), "negated": ("-a", "-b")}
GA202_FORMS = {
    "diag_at_b": "jnp.diag(({A}).T @ {B})",
    "diag_a_bt": "jnp.diag({A} @ ({B}).T)",
    "trace": "jnp.trace({A} @ ({B}).T)",
    "diagonal": "jnp.diagonal(jnp.matmul({A}, ({B}).T))",
    "comments": "jnp.diag(({A}).T  # left\n                 @ {B})  # right",
    "comments_inside": "jnp.trace(\n        {A}  # left\n        @ ({B}).T  # right\n    )",
}


def ga202(form: str, operands: str, context: str, shape=(4, 3)) -> Program:
    left, right = OPERANDS[operands]
    expression = GA202_FORMS[form].format(A=left, B=right)
    if "trace" in form and context not in SCALAR_CONTEXTS:
        context = "plain"
    result = CONTEXTS[context].replace("{R}", expression)
    if form == "comments" and context != "plain":
        result = CONTEXTS[context].replace("{R}", "jnp.diag(({A}).T  # left\n                 @ {B})".format(A=left, B=right)) + "  # right"
    source = _source("a, b", f"    return {result}\n")
    return Program(source, _args([shape, shape]), f"GA202/{form}/{operands}/{context}/{shape}", argnums=(0, 1))


# -- GA201: one slice at a time over an axis -----------------------------------------------

GA201_FORMS = {
    "col_dot": "jnp.stack([jnp.dot(a[:, i], b[:, i]) for i in range(a.shape[1])])",
    "scaled": "jnp.stack([{body} for i in range(a.shape[1])], axis=1)",
    "minus": "jnp.stack([jnp.tanh(a[:, i]) - b[:, i] for i in range(a.shape[1])])",
    "comments": "jnp.stack([\n        jnp.dot(a[:, i], b[:, i])  # one column\n        for i in range(a.shape[1])  # each column\n    ])",
}


def ga201(form: str, body: str, context: str, shape=(4, 3)) -> Program:
    expression = GA201_FORMS[form].format(body=BODIES[body].format(e="a[:, i]"))
    source = _source("a, b", f"    return {CONTEXTS[context].replace('{R}', expression)}\n")
    return Program(source, _args([shape, shape]), f"GA201/{form}/{body}/{context}/{shape}", argnums=(0, 1))


# -- GA302: a loop adding one term per step -------------------------------------------------

GA302_FORMS = {
    "element": ("for xi in {it}:", "xi"),
    "range": ("for i in range(len(x)):", "({it})[i]"),
    "enumerate": ("for k, xi in enumerate({it}):", "xi"),
}


def ga302(form: str, body: str, context: str, iterable: str = "name", minus: bool = False, comments: bool = False, shape=(6,)) -> Program:
    header, element = GA302_FORMS[form]
    it = ITERABLES[iterable]
    term = JAX_BODIES[body].format(e=element.format(it=it))
    note = "  # one term" if comments else ""
    lines = ["    acc = 0.0", f"    {header.format(it=it)}"]
    if comments:
        lines.append("        # add the term")
    lines.append(f"        acc {'-' if minus else '+'}= {term}{note}")
    lines.append(f"    return {CONTEXTS[context].replace('{R}', 'acc')}")
    source = _source("x", "\n".join(lines) + "\n")
    return Program(source, _args([shape]), f"GA302/{form}/{body}/{context}/{iterable}/minus={minus}/comments={comments}", argnums=(0,))


# -- GA103: a recurrence over a Python loop (lax.fori_loop) ---------------------------------

GA103_BODIES = {
    "scaled": "x = x.at[i].set(x[i - 1] * 0.5 + u[i])",
    "neg_pow": "x = x.at[i].set(-x[i - 1] ** 2 + u[i])",
    "minus": "x = x.at[i].set(u[i] - x[i - 1] * 0.9)",
    "tanh": "x = x.at[i].set(jnp.tanh(x[i - 1] + u[i]) * 2.0)",
    "add": "x = x.at[i].add(-x[i - 1] / 3.0)",
    "plain": "x = x + 0.01 * jnp.sin(x - u[0])",
}


def ga103(body: str, context: str, comments: bool = False, n: int = 8) -> Program:
    lines = ["    for i in range(1, x.shape[0]):"]
    if comments:
        lines.append("        # one step")
    lines.append(f"        {GA103_BODIES[body]}" + ("  # carried" if comments else ""))
    lines.append(f"    return {CONTEXTS[context].replace('{R}', 'x')}")
    source = _source("x, u", "\n".join(lines) + "\n")
    return Program(source, _args([(n,), (n,)]), f"GA103/{body}/{context}/comments={comments}", argnums=(0, 1))


RULES = {"GA101": ga101, "GA301": ga301, "GA202": ga202, "GA201": ga201, "GA302": ga302, "GA103": ga103}


def _comments(source: str) -> Counter:
    return Counter(comment.lstrip("#").strip() for comment in comments_in(source))


def _run(code: str, combo: dict):
    program = RULES[code](**combo)
    outcome = check(program, code, COMMON)
    assert outcome.ok, outcome.detail
    lost = _comments(textwrap.dedent(program.source)) - _comments(outcome.fixed_source)
    assert not lost, f"{program.description}: comments dropped: {sorted(lost)}\n{outcome.fixed_source}"
    return outcome


#: The default suite: the issue's reproductions, a comment case per rule, tiny sizes.
QUICK = [
    ("GA101", dict(form="stack", body="neg", context="pow")),
    ("GA101", dict(form="stack", body="add", context="mul")),
    ("GA101", dict(form="stack", body="sub", context="method")),
    ("GA101", dict(form="comments", body="neg_pow", context="rsub", iterable="scaled")),
    ("GA301", dict(form="start", body="exp_neg", context="pow", iterable="shifted")),
    ("GA301", dict(form="comments", body="neg_abs_pow", context="neg", iterable="negated")),
    ("GA202", dict(form="comments_inside", operands="negated", context="neg")),
    ("GA201", dict(form="scaled", body="neg_pow", context="attribute")),
    ("GA302", dict(form="element", body="cos_neg_pow", context="pow", iterable="scaled", minus=True, comments=True)),
    ("GA103", dict(body="neg_pow", context="rsub", comments=True)),
]


def _id(code: str, combo: dict) -> str:
    return code + "-" + "-".join(str(value) for value in combo.values()).replace(" ", "")


@pytest.mark.parametrize("code, combo", QUICK, ids=[_id(*case) for case in QUICK])
def test_unsafe_fixes_keep_meaning(code, combo):
    outcome = _run(code, combo)
    # Each of these programs satisfies what its fix leaves unproven: the fix must be applied
    # (or the comparison proves nothing).
    assert outcome.applied and not outcome.outside, outcome


def _rotate(combos, **axes) -> list[dict]:
    """Each combination of ``combos``, with the ``axes`` taking their values in turn (a sweep
    that covers every value of every axis without the whole product)."""
    rotated = []
    for index, combo in enumerate(combos):
        rotated.append({**combo, **{key: values[(index + offset) % len(values)] for offset, (key, values) in enumerate(axes.items())}})
    return rotated


#: The sweep (``-m slow``): every body in every context for each rule, the other axes in turn.
WIDE = (
    [("GA101", combo) for combo in _rotate(grid(body=list(BODIES), context=list(CONTEXTS)), form=list(GA101_FORMS), iterable=list(ITERABLES))]
    + [("GA301", combo) for combo in _rotate(grid(body=list(JAX_BODIES), context=SCALAR_CONTEXTS), form=list(GA301_FORMS), iterable=list(ITERABLES))]
    + [("GA301", dict(form=form, body="neg_abs_pow", context=context, iterable="shifted", shape=(4, 3))) for form in ("element", "start") for context in CONTEXTS]
    + [("GA202", combo) for combo in _rotate(grid(form=list(GA202_FORMS), context=list(CONTEXTS)), operands=list(OPERANDS))]
    + [("GA201", combo) for combo in _rotate(grid(form=list(GA201_FORMS), context=list(CONTEXTS)), body=list(BODIES))]
    + [("GA302", combo) for combo in _rotate(grid(form=list(GA302_FORMS), body=list(JAX_BODIES), iterable=list(ITERABLES)), context=SCALAR_CONTEXTS, minus=[False, True], comments=[True, False])]
    + [("GA103", combo) for combo in _rotate(grid(body=list(GA103_BODIES), context=list(CONTEXTS)), comments=[True, False])]
)


@pytest.mark.slow
@pytest.mark.parametrize("code, combo", WIDE, ids=[_id(*case) for case in WIDE])
def test_unsafe_fixes_keep_meaning_wide(code, combo):
    _run(code, combo)


# -- GA302: a sum of contracted slices (one einsum, the loop's axis summed) -----------------

SUMMED_CONTRACTIONS = {
    # C += outer(A[:, i], B[i, :]) over the shared axis: A @ B.
    "outer_columns": ("a, b", "    c = jnp.zeros((a.shape[0], b.shape[1]))\n    for i in range(a.shape[1]):\n        c = c + jnp.outer(a[:, i], b[i, :])\n", [(4, 5), (5, 3)]),
    # S += outer(x_i, x_i) over rows: a scatter matrix.
    "outer_rows": ("x", "    s = jnp.zeros((x.shape[1], x.shape[1]))\n    for i in range(x.shape[0]):\n        s += jnp.outer(x[i], x[i])\n", [(6, 3)]),
}


@pytest.mark.parametrize("form", sorted(SUMMED_CONTRACTIONS))
@pytest.mark.parametrize("context", ["plain", "mul", "attribute"])
def test_summed_contractions_become_one_einsum(form, context):
    params, loop, shapes = SUMMED_CONTRACTIONS[form]
    total = "c" if form == "outer_columns" else "s"
    source = _source(params, loop + f"    return {CONTEXTS[context].replace('{R}', total)}\n")
    program = Program(source, _args(shapes), f"GA302/summed/{form}/{context}", argnums=tuple(range(len(shapes))))
    # Every array here is float32 with a float32 start: the dtype conditions hold.
    satisfied = (*COMMON, "is a matrix: each step reads a vector", "the dtypes are known and not small", "starts as a Python float, or the dtypes are known")
    outcome = check(program, "GA302", satisfied)
    assert outcome.ok, outcome.detail
    assert outcome.applied and not outcome.outside, outcome
    assert "einsum" in outcome.fixed_source and "vmap" not in outcome.fixed_source, outcome.fixed_source


# -- GA101: a gather per element of an index array (``x[i] for i in idx``) ------------------

GATHERS = {
    "element": "jnp.stack([x[i] for i in idx])",
    "indexed": "jnp.array([x[idx[k]] * 2.0 for k in range(idx.shape[0])])",
}


@pytest.mark.parametrize("form", sorted(GATHERS))
@pytest.mark.parametrize("context", ["plain", "neg", "subscript"])
def test_gathers_per_index_become_one_map(form, context):
    body = f"    return {CONTEXTS[context].replace('{R}', GATHERS[form])}\n"
    source = HEADER + "@jax.jit\ndef f(x, idx):\n    x = jnp.asarray(x, dtype=jnp.float32)\n" + body + "\n\ngrad_f = jax.grad(lambda x, idx: jnp.sum(f(x, idx)))\n"

    def args(jnp, np):
        rng = np.random.default_rng(3)
        return jnp.asarray(rng.normal(size=(7, 3)), dtype=jnp.float32), jnp.asarray([4, 0, 4, 6, 2], dtype=jnp.int32)

    outcome = check(Program(source, args, f"GA101/gather/{form}/{context}", argnums=(0,)), "GA101", COMMON)
    assert outcome.ok, outcome.detail
    assert outcome.applied and "vmap" in outcome.fixed_source, outcome.fixed_source



# -- GA302: a running maximum or minimum (one jnp.max / jnp.min over the terms) --------------

RUNNING_EXTREMA = {
    "max_rows": ("    worst = -1e9\n    for i in range(x.shape[0]):\n        worst = jnp.maximum(worst, jnp.sin(x[i]) * 2.0)\n", "worst"),
    "min_elements": ("    best = 1e9\n    for xi in x:\n        best = jnp.minimum(best, (xi - 0.3) ** 2)\n", "best"),
}


@pytest.mark.parametrize("form", sorted(RUNNING_EXTREMA))
@pytest.mark.parametrize("context", ["plain", "mul", "neg"])
def test_running_extrema_become_one_reduction(form, context):
    loop, total = RUNNING_EXTREMA[form]
    source = _source("x", loop + f"    return {CONTEXTS[context].replace('{R}', total)}\n")
    program = Program(source, _args([(7,)]), f"GA302/extremum/{form}/{context}", argnums=(0,))
    # Random data: no ties; the loops run seven times; float32 throughout.
    satisfied = (*COMMON, "runs at least once", "tie", "the dtypes are known and not small", "starts as a Python float, or the dtypes are known")
    outcome = check(program, "GA302", satisfied)
    assert outcome.ok, outcome.detail
    assert outcome.applied and not outcome.outside, outcome
    assert ("jnp.max(" in outcome.fixed_source or "jnp.min(" in outcome.fixed_source), outcome.fixed_source


# -- GA302: a running product (one jnp.prod over the factors) -----------------------------------

RUNNING_PRODUCTS = {
    "augmented": ("    s = 1.0\n    for t in range(x.shape[0]):\n        s *= 1.0 - 0.1 * jnp.tanh(x[t])\n", "s"),
    "rebound": ("    p = jnp.ones(())\n    for i in range(x.shape[0]):\n        p = jnp.exp(-0.5 * x[i] ** 2) * p\n", "p"),
}


@pytest.mark.parametrize("form", sorted(RUNNING_PRODUCTS))
@pytest.mark.parametrize("context", ["plain", "mul", "neg"])
def test_running_products_become_one_product(form, context):
    loop, total = RUNNING_PRODUCTS[form]
    source = _source("x", loop + f"    return {CONTEXTS[context].replace('{R}', total)}\n")
    program = Program(source, _args([(7,)]), f"GA302/product/{form}/{context}", argnums=(0,))
    # Seven factors near 1: no partial product overflows; float32 throughout.
    satisfied = (*COMMON, "overflows or underflows", "the dtypes are known and not small", "starts as a Python float, or the dtypes are known")
    outcome = check(program, "GA302", satisfied)
    assert outcome.ok, outcome.detail
    assert outcome.applied and not outcome.outside, outcome
    assert "jnp.prod(" in outcome.fixed_source, outcome.fixed_source


# -- GA302: a running test (one jnp.any / jnp.all over the conditions) -----------------------------

RUNNING_TESTS = {
    "or": ("    hit = False\n    for t in range(x.shape[0]):\n        hit = hit | (x[t] > 0.5)\n", "hit", "jnp.any("),
    "and_function": ("    ok = True\n    for i in range(x.shape[0]):\n        ok = jnp.logical_and(ok, x[i] > -5.0)\n", "ok", "jnp.all("),
    "and_augmented": ("    ok = jnp.array(True)\n    for i in range(x.shape[0]):\n        ok &= jnp.abs(x[i]) < 0.2\n", "ok", "jnp.all("),
}


@pytest.mark.parametrize("form", sorted(RUNNING_TESTS))
def test_running_tests_become_one_any_or_all(form):
    loop, total, reducer = RUNNING_TESTS[form]
    # the test selects between two differentiable values, so values and gradients both depend on it
    source = _source("x", loop + f"    return jnp.where({total}, jnp.sum(x ** 2), -jnp.sum(x))\n")
    program = Program(source, _args([(7,)]), f"GA302/test/{form}", argnums=(0,))
    satisfied = (*COMMON, "are booleans", "the dtypes are known and not small", "starts as a Python float, or the dtypes are known")
    outcome = check(program, "GA302", satisfied)
    assert outcome.ok, outcome.detail
    assert outcome.applied and not outcome.outside, outcome
    assert reducer in outcome.fixed_source, outcome.fixed_source
