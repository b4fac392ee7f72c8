"""Facts added for GA302's fix proofs: is a value bound inside a statement read outside it
(``Facts.read_outside``), and does a name hold the same binding at two statements
(``Facts.same_binding``)."""

from __future__ import annotations

import ast
import textwrap

import pytest

from gradadvisor.analysis.facts import Facts
from gradadvisor.analysis.names import ImportMap
from gradadvisor.analysis.syntax import Source
from conftest import scan_program


def _facts(code: str):
    text = textwrap.dedent(code)
    tree = ast.parse(text)
    facts = Facts(tree, Source(text), ImportMap(tree))
    function = next(node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name == "f")
    return facts, facts.scope(function), function


def _first(function: ast.AST, kind: type) -> ast.stmt:
    return next(node for node in ast.walk(function) if isinstance(node, kind))


READ_OUTSIDE = [
    # (code, name, read outside the first loop?)
    ("def f(x):\n    acc = 0.0\n    for i in range(len(x)):\n        acc += x[i]\n    return acc\n", "i", False),
    ("def f(x):\n    acc = 0.0\n    for i in range(len(x)):\n        acc += x[i]\n    return acc\n", "acc", True),
    ("def f(x):\n    acc = 0.0\n    for i in range(len(x)):\n        acc += x[i]\n    return acc, i\n", "i", True),
    # Rebound before it is read again: the loop's value is dead.
    ("def f(x):\n    for i in range(len(x)):\n        pass\n    i = 3\n    return i\n", "i", False),
    # Read in a branch after the loop.
    ("def f(x, c):\n    for i in range(len(x)):\n        pass\n    if c:\n        return i\n    return 0\n", "i", True),
    # A closure reads it.
    ("def f(x):\n    for i in range(len(x)):\n        pass\n    g = lambda: i\n    return g\n", "i", True),
    # `for x in x` inside an outer loop: the next pass iterates the last row.
    ("def f(x, n):\n    acc = 0.0\n    for k in range(n):\n        for x in x:\n            acc += x\n    return acc\n", "x", True),
    # A while loop's counter, read after the loop.
    ("def f(x, n):\n    i = 0\n    while i < n:\n        i += 1\n    return i\n", "i", True),
    ("def f(x, n):\n    i = 0\n    while i < n:\n        i += 1\n    return n\n", "i", False),
    # global / nonlocal: anyone may read it.
    ("def f(x):\n    global i\n    for i in range(3):\n        pass\n", "i", True),
    # `del i` needs the binding; introspection may read any name.
    ("def f(x):\n    for i in range(len(x)):\n        pass\n    del i\n", "i", True),
    ("def f(x):\n    for i in range(len(x)):\n        pass\n    return locals()\n", "i", True),
    # A comprehension binding the same name reads its own.
    ("def f(x):\n    for i in range(len(x)):\n        pass\n    return [i for i in x]\n", "i", False),
    ("def f(x):\n    for i in range(len(x)):\n        pass\n    return [i for j in x]\n", "i", True),
]


@pytest.mark.parametrize("code, name, expected", READ_OUTSIDE)
def test_read_outside(code, name, expected):
    facts, scope, function = _facts(code)
    loop = next(node for node in ast.walk(function) if isinstance(node, (ast.For, ast.While)) and (name != "x" or isinstance(node.iter, ast.Name)))
    assert facts.read_outside(name, scope, loop) is expected


def test_read_outside_the_outer_loop_header():
    # The header of the loop itself reads the value carried from the previous pass of an outer loop.
    code = "def f(x, n):\n    acc = 0.0\n    for k in range(n):\n        for x in x:\n            acc += x\n    return acc\n"
    facts, scope, function = _facts(code)
    inner = [node for node in ast.walk(function) if isinstance(node, ast.For)][1]
    assert facts.read_outside("x", scope, inner)


SAME_BINDING = [
    ("def f(x):\n    n = len(x)\n    for i in range(n):\n        pass\n", True),
    ("def f(x):\n    n = len(x)\n    x = x[1:]\n    for i in range(n):\n        pass\n", False),
    ("def f(x, c):\n    n = len(x)\n    if c:\n        x = x * 2\n    for i in range(n):\n        pass\n", False),
    ("def f(y):\n    n = len(x)\n    for i in range(n):\n        pass\n", True),
]


@pytest.mark.parametrize("code, expected", SAME_BINDING)
def test_same_binding(code, expected):
    facts, scope, function = _facts("x = [1, 2]\n" + code)
    first = _first(function, ast.Assign)
    loop = _first(function, ast.For)
    assert facts.same_binding("x", scope, first, loop) is expected


def test_where_has_the_dtype_of_its_values():
    code = "import jax.numpy as jnp\n\ndef f():\n    x = jnp.zeros(3, jnp.float32)\n    y = jnp.where(x > 0, x, 0.5 * x)\n    return y\n"
    facts, scope, function = _facts(code)
    statement = function.body[-1]
    assert facts.value(statement.value, scope, statement).dtype == "float32"


ROW_RESHAPED = '''
import copy

import autograd.numpy as np
from autograd import grad


def cost(w, feats, t):
    total = 0
    for p in range(len(t)):
        row = copy.deepcopy(feats[p, :])
        row.shape = (len(row), 1)
        total += (w[0] + np.dot(w[1:].T, row) - t[p]) ** 2
    return total


def logistic(w, feats, lab):
    c = 0
    for p in range(len(lab)):
        a = w[0] + sum([u * v for u, v in zip(w[1:], feats[p])])
        c += np.log(1 + np.exp(-lab[p] * a))
    return c


dcost = grad(cost)
dlogistic = grad(logistic)
'''


def test_autograd_era_bodies_copy_reshape_in_place_and_sum_builtin(tmp_path):
    # copy.deepcopy of a row, an in-place ``row.shape = ...`` and a builtin sum over a
    # comprehension are array work, not host calls: both accumulations are reported (at medium:
    # the rows of a differentiated function's argument, of a length nothing shows).
    found_findings = scan_program(tmp_path, ROW_RESHAPED, low=False)
    found = {(f["code"], f["line"], f["confidence"]) for f in found_findings}
    assert found == {("GA302", 10, "medium"), ("GA302", 19, "medium")}


SEGMENTS = '''
import jax
import jax.numpy as jnp


def loglik(w, xs, bounds):
    ll = 0.0
    for k in range(len(bounds) - 1):
        seg = xs[bounds[k]:bounds[k + 1]]
        ll += jnp.sum(jnp.log1p(jnp.exp(seg @ w)))
    return ll


def prefix(y):
    acc = 0.0
    for j in range(y.shape[-1]):
        acc += jnp.sum(y[..., :j])
    return acc


g = jax.grad(loglik)
h = jax.grad(prefix)
'''


def test_a_sum_over_ragged_segments_is_reported_with_segment_advice(tmp_path):
    findings = scan_program(tmp_path, SEGMENTS)
    assert [(f["code"], f["line"]) for f in findings] == [("GA302", 8)]  # not the prefix sums
    assert "segment_sum" in findings[0]["message"] and findings[0]["fix"] is None


ZIPPED_SEGMENTS = '''
import jax
import jax.numpy as jnp

def logp_sum(starts, stops, epsilon):
    total = 0.0
    for start, stop in zip(starts, stops):
        total += jnp.sum(epsilon[start:stop])
    return total

g = jax.jit(jax.grad(logp_sum, argnums=2))
'''


def test_a_sum_over_segments_between_walked_offsets_is_segment_advice_not_a_vmap(tmp_path):
    # ``epsilon[start:stop]`` has another length each step: a vmap of the slice cannot trace
    findings = scan_program(tmp_path, ZIPPED_SEGMENTS)
    assert [(f["code"], f["line"]) for f in findings] == [("GA302", 7)]
    assert "segment_sum" in findings[0]["message"] and findings[0]["fix"] is None
    assert "vmap" not in findings[0]["message"]
