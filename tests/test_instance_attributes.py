"""What ``self.attr`` holds when the class assigns it once: a transformed function
(``self.df = grad(self.f)`` in ``__init__``) is a gradient function in every method."""

from __future__ import annotations

import ast

from gradadvisor.analysis import values as v
from gradadvisor.analysis.facts import Facts
from gradadvisor.analysis.names import ImportMap
from gradadvisor.analysis.syntax import Source
from conftest import scan_program

PROGRAM = '''import autograd.numpy as np
from autograd import grad as compute_grad


class Visualizer:
    def __init__(self, f, table):
        self.f = f
        self.df = compute_grad(self.f)
        self.table = table
        if table is None:
            self.table = np.zeros(3)

    def draw(self):
        pts = np.linspace(-3, 3, 200)
        slopes = [self.df(p) for p in pts]
        first = self.table[0]
        return slopes, first
'''


def _value_in_draw(expr: str) -> v.Value:
    tree = ast.parse(PROGRAM)
    facts = Facts(tree, Source(PROGRAM), ImportMap(tree))
    klass = tree.body[2]
    draw = klass.body[1]
    scope = facts.scope(draw, facts.module_scope)
    statement = draw.body[-1]
    return facts.value(ast.parse(expr, mode="eval").body, scope, statement)


def test_an_attribute_assigned_a_gradient_once_is_that_gradient_function():
    value = _value_in_draw("self.df")
    assert value.kind == v.CALLABLE and value.transform == "autograd.grad"


def test_an_attribute_assigned_twice_is_not_known():
    assert _value_in_draw("self.table").kind != v.CALLABLE
    assert _value_in_draw("self.table[0]") is not None  # a subscript of an attribute: no crash


def test_per_point_gradients_through_an_attribute_are_reported(tmp_path):
    findings = scan_program(tmp_path, PROGRAM, low=False)
    assert [(f["code"], f["line"]) for f in findings] == [("GA102", 15)]
    assert "elementwise_grad" in findings[0]["message"]


JITTED_GRADIENT = '''import jax
import jax.numpy as jnp


def L(x):
    return jnp.sum(jnp.sin(x) ** 2)


class Controller:
    def {method}(self, L):
        self.gL = {value}

    def run(self, xs, T):
        return [self.gL(xs[t]) for t in range(T)]
'''


def test_a_jitted_gradient_kept_on_self_in_any_method_is_a_gradient_function(tmp_path):
    for method in ("__init__", "setup"):
        found = scan_program(tmp_path, JITTED_GRADIENT.format(method=method, value="jax.jit(jax.grad(L))"))
        assert [f["code"] for f in found] == ["GA102"], method
        assert "`jax.vmap(self.gL)(xs[:T])` computes them at once" in found[0]["message"]  # the first T rows, not all of xs
    # A jitted function that is no derivative, stacked: a per-sample map.
    mapped = JITTED_GRADIENT.replace("return [self.gL(xs[t]) for t in range(T)]", "return jnp.stack([self.gL(xs[t]) for t in range(T)])")
    assert [f["code"] for f in scan_program(tmp_path, mapped.format(method="setup", value="jax.jit(jnp.tanh)"))] == ["GA101"]
