"""The extent addition GA103 needed: ``len(<something named as a collection>)`` with no fact about
what is measured is a small count, as ``for layer in self.layers`` already is."""

from __future__ import annotations

import ast

import pytest

from gradadvisor.analysis.facts import Facts
from gradadvisor.analysis.names import ImportMap
from gradadvisor.analysis.syntax import Source, parse
from gradadvisor.engine.context import Context
from conftest import scan_program


def _extents(source: str) -> list:
    """The extent of every loop in ``source``, asked where the loop is (as a rule would)."""
    tree = parse(source)
    text = Source(source)
    names = ImportMap(tree, "")
    ctx = Context("case.py", text, tree, names, Facts(tree, text, names))
    found = []
    # Walk with the context kept in step, like the engine does.
    stack = [(tree, False)]
    while stack:
        node, leaving = stack.pop()
        if leaving:
            ctx.leave(node)
            continue
        ctx.enter(node)
        if isinstance(node, ast.For):
            found.append(ctx.extent(node.iter))
        elif isinstance(node, ast.While) and isinstance(node.test, ast.Compare):
            found.append(ctx.extent_of_bound(node.test.comparators[0]))
        stack.append((node, True))
        stack.extend((child, False) for child in reversed(list(ast.iter_child_nodes(node))))
    return found


@pytest.mark.parametrize(
    "loop",
    [
        "for i in range(len(self.layers)):\n            x = self.layers[i](x)",
        "for i in range(len(self.layers) - 1):\n            x = self.layers[i](x)",
        "for i in range(1, len(self.blocks)):\n            x = x + i",
        "i = 0\n        while i < len(self.heads):\n            i += 1",
    ],
)
def test_length_of_a_collection_named_attribute_is_small(loop):
    source = f"import jax.numpy as jnp\n\nclass M:\n    def f(self, x):\n        {loop}\n        return x\n"
    (extent,) = _extents(source)
    assert extent.kind == "static", extent
    assert "named as a collection" in extent.reason


def test_length_of_a_collection_named_parameter_is_small():
    (extent,) = _extents("import jax.numpy as jnp\n\ndef f(x, axes):\n    for i in range(len(axes)):\n        x = jnp.cumsum(x, axis=axes[i])\n    return x\n")
    assert extent.kind == "static", extent


@pytest.mark.parametrize(
    "source",
    [
        # A fact decides: an array's length is data.
        "import jax.numpy as jnp\n\ndef f(x):\n    layers = jnp.zeros((100, 3))\n    for i in range(len(layers)):\n        x = x + layers[i]\n    return x\n",
        # A parameter not named as a collection stays data-sized (likely).
        "import jax.numpy as jnp\n\ndef f(x, us):\n    for i in range(len(us)):\n        x = x + us[i]\n    return x\n",
        # An attribute not named as a collection: no tie to break.
        "import jax.numpy as jnp\n\nclass M:\n    def f(self, x):\n        for i in range(len(self.signal)):\n            x = x + self.signal[i]\n        return x\n",
    ],
)
def test_other_lengths_are_not_made_small(source):
    (extent,) = _extents(source)
    assert extent.kind == "data", extent


LIBRARY_STEP = '''
from jax import jit
from jax_md import minimize as md_min


def relax(R, energy, shift, n_steps):
    init, apply = md_min.fire_descent(energy, shift)
    s = init(R)
    for _ in range(n_steps):
        s = apply(s)
    return energy(s.position)


relax = jit(relax, static_argnums=(1, 2, 3))


def driver(R, energy, shift):
    return relax(R, energy, shift, 2000)


def host_loop(R, n_steps, update):
    s = R
    for _ in range(n_steps):
        s = update(s)
    return s
'''


def test_a_state_stepped_by_a_jax_library_step_function_is_a_jax_recurrence(tmp_path):
    found_findings = scan_program(tmp_path, LIBRARY_STEP)
    found = [(f["code"], f["line"], f["confidence"]) for f in found_findings]
    assert found == [("GA103", 9, "high")]  # not the host loop with an unknown update


NEWTON = '''
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1, 4))
def implicit_step(u, rhs, h, t, n_inner):
    v = u
    J = jax.jacfwd(lambda v: v - u - h * rhs(v, t))
    for _ in range(n_inner):
        v = v - jnp.linalg.solve(J(v), v - u - h * rhs(v, t))
    return v


@partial(jax.jit, static_argnums=(1,))
def simulate(x, n_steps, A):
    for _ in range(n_steps):
        x = jnp.linalg.solve(A, x)
    return x
'''


def test_newton_iterations_are_low_and_time_steps_are_not(tmp_path):
    found_findings = scan_program(tmp_path, NEWTON)
    found = {f["line"]: f for f in found_findings}
    assert found[12]["confidence"] == "low" and any("Newton iterations" in item for item in found[12]["evidence"])
    assert found[19]["confidence"] == "medium"  # a solve per time step with a fixed matrix: not Newton


INTEGRATOR = '''from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1, 2))
def integrator(u0, F, N, t0, t1):
    return jnp.stack([u0] * N, axis=-1)
'''
DRIVER = '''import jax.numpy as jnp

from integrators import RK4


def dataset(F, u0, T, n_intervals):
    Ts = jnp.linspace(0, T, n_intervals + 1)
    features = []
    for t0, t1 in zip(Ts[:-1], Ts[1:]):
        values = RK4.integrator(u0, F, 10, t0, t1)
        features.append(values)
        u0 = values[:, -1]
    return jnp.stack(features)
'''


def test_a_loop_whose_steps_call_a_function_jitted_elsewhere_is_a_host_driver(tmp_path):
    assert [f["line"] for f in scan_program(tmp_path, DRIVER)] == [9]  # the step's module not scanned
    (tmp_path / "integrators").mkdir()
    (tmp_path / "integrators" / "RK4.py").write_text(INTEGRATOR)
    assert scan_program(tmp_path, DRIVER) == []  # RK4.integrator is compiled: the loop drives it
