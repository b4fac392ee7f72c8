"""Transforms imported inside a function (``def fit(...): from jax import grad``) differentiate what
they are applied to there; a function that branches in Python on a comparison of an array it
computes (a convergence test) runs eagerly, and so does a function that calls one."""

from __future__ import annotations

import ast

import pytest
from conftest import scan_program

from gradadvisor.analysis.host_code import host_reason
from gradadvisor.analysis.names import ImportMap

PROGRAM = '''
import jax.numpy as jnp


def price(theta, k):
    return jnp.exp(-theta[0] * k) * theta[1]


def fit(quotes, strikes, theta0):
    from jax import grad

    def objective(theta):
        total = 0.0
        for i in range(quotes.shape[0]):
            total = total + (price(theta, strikes[i]) - quotes[i]) ** 2
        return total

    return grad(objective)(theta0)


def relax(a, rhs, n_sweeps=100, tol=1e-6):
    p = jnp.zeros(a.shape[0])
    for _ in range(n_sweeps):
        old = p
        for i in range(1, a.shape[0] - 1):
            p = p.at[i].set((a[i - 1] * p[i - 1] + a[i + 1] * p[i + 1] - rhs[i]) / (2 * a[i]))
        if jnp.max(jnp.abs(p - old)) < tol:
            break
    return p


class Simulation:
    def run(self, a, rhs):
        hist = jnp.zeros((a.shape[0] + 1, a.shape[0]))
        s = rhs
        for t in range(a.shape[0]):
            s = relax(a, s)
            hist = hist.at[t + 1].set(s)
        return hist


def advance(a, s):
    return relax(a, s) * 0.5


def sweep(a, rhs):
    s = rhs
    out = jnp.zeros((a.shape[0], a.shape[0]))
    for t in range(a.shape[0]):
        s = advance(a, s)
        out = out.at[t].set(s)
    return out


def smooth(a, rhs):
    p = jnp.zeros(a.shape[0])
    for i in range(1, a.shape[0] - 1):
        p = p.at[i].set((a[i - 1] * p[i - 1] + rhs[i]) / a[i])
    return p
'''


@pytest.fixture(scope="module")
def findings(tmp_path_factory):
    return scan_program(tmp_path_factory.mktemp("local_imports"), PROGRAM)


def _line(text: str) -> int:
    return next(number for number, line in enumerate(PROGRAM.splitlines(), 1) if text in line)


def test_a_transform_imported_inside_the_function_differentiates_the_closure(findings):
    found = [f for f in findings if f["line"] == _line("for i in range(quotes.shape[0])")]
    assert [f["code"] for f in found] == ["GA302"]
    assert found[0]["confidence"] == "high"
    assert any("differentiated" in item and "jax.grad" in item for item in found[0]["evidence"])


def test_a_convergence_test_on_a_computed_array_makes_the_function_eager(findings):
    assert not [f for f in findings if _line("def relax") < f["line"] < _line("class Simulation")]


def test_a_function_calling_one_that_cannot_be_traced_runs_eagerly(findings):
    assert not [f for f in findings if _line("class Simulation") < f["line"] < _line("def smooth")]


def test_so_does_a_function_calling_it_through_another(findings):
    assert not [f for f in findings if _line("def sweep") < f["line"] < _line("def smooth")]


def test_the_same_loop_without_the_convergence_test_is_still_reported(findings):
    assert [f["code"] for f in findings if f["line"] > _line("def smooth")] == ["GA103"]


def test_local_imports_resolve_only_where_every_import_agrees():
    source = (
        "import numpy as np\n\ndef a():\n    from jax import grad\n    return grad\n\n"
        "def b():\n    from autograd import grad\n    return grad\n\ndef c():\n    from jax import vmap as vm\n    return vm\n"
    )
    names = ImportMap(ast.parse(source), None, source)
    assert names.resolve(ast.parse("vm(f)").body[0].value.func) == "jax.vmap"
    assert names.resolve(ast.parse("grad(f)").body[0].value.func) is None  # jax's in one function, autograd's in another


@pytest.mark.parametrize(
    "test, eager",
    [
        ("if jnp.max(jnp.abs(p - old)) < tol:\n        break", True),
        ("err = jnp.linalg.norm(p - old)\n    if err < tol:\n        break", True),
        ("if jnp.ndim(p) > 1:\n        p = p[0]", False),  # a Python int
        ("if p.shape[0] > 2:\n        p = p[1:]", False),
        ("if tol > 0:\n        p = p * tol", False),
    ],
)
def test_comparisons_of_computed_arrays(test, eager):
    source = f"import jax.numpy as jnp\n\ndef f(p, old, tol):\n    p = jnp.tanh(p)\n    {test}\n    return p\n"
    tree = ast.parse(source)
    names = ImportMap(tree, None, source)
    reason = host_reason(tree.body[1], names.resolve)
    assert (reason is not None) == eager, reason
