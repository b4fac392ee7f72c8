"""What reaches code across modules when the code does not name it: a method called (or handed
to a transform) on a parameter of unknown class resolves to the one class of the project that
defines it, as a guess (the finding is at most medium, and says so); a loop counted by an int
another module states (``range(params.M)``, ``from settings import M``) is judged by that int."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from conftest import scan_files

SIM = """\
import jax.numpy as jnp


class Sim:
    def __init__(self, A):
        self.A = A

    def rollout(self, x0, us):
        x = x0
        for t in range(us.shape[0]):
            x = jnp.tanh(self.A @ x + us[t])
        return x
"""


def _scan(tmp_path: Path, files: dict[str, str], min_confidence: str = "low"):
    return scan_files(tmp_path, files, ("GA101", "GA103", "GA302"), min_confidence)


CALLERS = {
    "called": """\
        import jax
        import jax.numpy as jnp

        def loss(us, sim, x0):
            return jnp.sum(sim.rollout(x0, us) ** 2)

        grad_fn = jax.jit(jax.grad(loss), static_argnums=1)
        """,
    "handed to a transform": """\
        import jax
        import jax.numpy as jnp

        def loss(us, sim, x0):
            return jnp.sum(jax.vmap(sim.rollout, in_axes=(0, None))(x0, us) ** 2)

        grad_fn = jax.grad(loss)
        """,
    "through a lambda": """\
        import jax
        import jax.numpy as jnp

        def fit(sim, x0, us):
            return jax.grad(lambda u: jnp.sum(sim.rollout(x0, u)))(us)
        """,
}


@pytest.mark.parametrize("caller", list(CALLERS))
def test_a_method_on_a_parameter_reaches_the_one_class_defining_it(tmp_path, caller):
    found = _scan(tmp_path, {"sim.py": SIM, "fit.py": CALLERS[caller]})
    assert [(f.path, f.code, f.confidence) for f in found] == [("sim.py", "GA103", "medium")]
    assert any("the one class in sim.py with a `rollout` method" in item for item in found[0].evidence)


def test_two_classes_defining_the_method_leave_it_unresolved(tmp_path):
    other = SIM.replace("class Sim", "class Baseline")
    found = _scan(tmp_path, {"sim.py": SIM, "baseline.py": other, "fit.py": CALLERS["called"]})
    assert all("with a `rollout` method" not in item for f in found for item in f.evidence)
    assert all(f.confidence == "low" for f in found)


def test_the_class_of_an_imported_module_outweighs_one_elsewhere(tmp_path):
    other = SIM.replace("class Sim", "class Baseline")
    caller = "from sim import Sim\n" + textwrap.dedent(CALLERS["called"])
    found = _scan(tmp_path, {"sim.py": SIM, "old/baseline.py": other, "fit.py": caller}, "medium")
    assert [(f.path, f.code) for f in found] == [("sim.py", "GA103")]


def test_a_method_of_a_library_object_is_not_resolved_by_name(tmp_path):
    # ``opt.update`` on a parameter: an optax optimizer's method, whatever class here has one
    own = SIM.replace("def rollout", "def update")
    caller = """\
        import jax
        import jax.numpy as jnp

        def step(us, opt, state):
            g = jax.grad(lambda u: jnp.sum(u ** 2))(us)
            return opt.update(g, state)

        step_fn = jax.jit(step, static_argnums=1)
        """
    found = _scan(tmp_path, {"sim.py": own, "fit.py": caller})
    assert all(f.confidence == "low" for f in found)


def test_an_attribute_read_is_not_a_call(tmp_path):
    caller = """\
        import jax
        import jax.numpy as jnp

        def loss(us, sim, x0):
            return jnp.sum(sim.rollout * us)

        grad_fn = jax.grad(loss)
        """
    found = _scan(tmp_path, {"sim.py": SIM, "fit.py": caller})
    assert all(f.confidence == "low" for f in found)


IMPORTED_COUNT = """\
import jax
import jax.numpy as jnp
import settings as P
from settings import M


@jax.jit
def through_module(x):
    h = x
    for m in range(P.M):
        h = jnp.sin(h) * 0.5 + h
    return h


@jax.jit
def through_name(x):
    h = x
    n = M
    for m in range(n):
        h = jnp.sin(h) * 0.5 + h
    return h
"""


@pytest.mark.parametrize(
    ("settings", "expected"),
    [
        ("M = 50\n", [10, 19]),
        ("M = 5 * 10  # samples\n", [10, 19]),
        ("M = 4\n", []),  # a few: small
        ("import os\nM = int(os.environ['M'])\n", []),  # not stated
        ("M = 50\nM = 2\n", []),  # bound twice: no one value
    ],
)
def test_a_count_another_module_states_is_judged_by_its_value(tmp_path, settings, expected):
    found = _scan(tmp_path, {"settings.py": settings, "model.py": IMPORTED_COUNT})
    assert [f.line for f in found] == expected
    if expected:
        assert any(item.startswith("`M = ") and "at settings.py:1" in item for item in found[0].evidence)
        assert found[0].confidence == "high"


def test_a_count_from_a_module_outside_the_project_decides_nothing(tmp_path):
    found = _scan(tmp_path, {"model.py": IMPORTED_COUNT})
    assert found == []


WALKER = """\
import jax
import jax.numpy as jnp


def make_walker(grad_u, h=1e-2, n=10):
    @jax.jit
    def walk(q, p):
        for i in range(n):
            q = q + h * p
            p = p - h * grad_u(q)
        return q, p
    return walk


def du(q):
    return jnp.sin(q)


walker = make_walker(du{call})
"""


@pytest.mark.parametrize(
    ("call", "reported"),
    [
        (", n=400", True),  # the visible call passes a data-sized count
        (", 1e-3, 400", True),
        ("", False),  # the default, 10: a few steps
        (", n=5", False),
        (", n=steps", False),  # a value the code does not show: the default's few stand
    ],
)
def test_a_factorys_small_default_gives_way_to_what_a_call_passes(tmp_path, call, reported):
    found = _scan(tmp_path, {"walker.py": WALKER.format(call=call)})
    assert [f.line for f in found] == ([8] if reported else [])
    if reported:
        assert any(item.startswith("`n` defaults to 10, but `400`") for item in found[0].evidence)


CAR = """\
import jax
import jax.numpy as jnp


class Car:
    def __init__(self, dt):
        self.dt = dt
        self.jac_x = jax.jit(jax.jacobian(self.f, argnums=0))
        self.step = jax.jit(self.f)

    def f(self, x, u):
        return x + self.dt * jnp.tanh(x + u)
"""

LINEARIZE = """\
import numpy as np


class ILQR:
    def __init__(self, dyn):
        self.dyn = dyn

    def linearize(self, xs, us):
        A = np.zeros((xs.shape[0], 4, 4))
        for t in range(xs.shape[0]):
            A[t] = self.dyn.{attr}(xs[t], us[t])
        return A
"""


def test_a_gradient_function_another_class_holds_is_called_per_example(tmp_path):
    found = _scan_all(tmp_path, {"car.py": CAR, "ilqr.py": LINEARIZE.format(attr="jac_x")})
    # ilqr.py never names jax: it is read because it calls a derivative's name, and proven from car.py
    assert [(f.path, f.code, f.line) for f in found] == [("ilqr.py", "GA102", 11)]
    assert "`Car.jac_x` holds a jax.jacobian function (car.py:8)" in found[0].evidence


@pytest.mark.parametrize("attr", ["step", "jac_y"])  # a compiled function, not a derivative; an attribute no class holds
def test_an_attribute_no_class_holds_a_gradient_in_is_not_one(tmp_path, attr):
    assert _scan_all(tmp_path, {"car.py": CAR, "ilqr.py": LINEARIZE.format(attr=attr)}) == []


def test_a_rollout_whose_state_feeds_the_next_step_is_sequential(tmp_path):
    rollout = LINEARIZE.format(attr="jac_x").replace("A[t] = self.dyn.jac_x(xs[t], us[t])", "x = self.dyn.jac_x(x, us[t]) @ x").replace(
        "for t in", "x = xs[0]\n        for t in")
    assert _scan_all(tmp_path, {"car.py": CAR, "ilqr.py": rollout}) == []


def _scan_all(tmp_path: Path, files: dict[str, str]):
    return scan_files(tmp_path, files, ("GA101", "GA102", "GA103"))


CONTROLLER = """\
import jax
import jax.numpy as jnp
from sim import Sim


class Controller:
    def __init__(self, sim, A):
        self.sim = sim
        self.own = Sim(A)

    def cost(self, us, x0):
        return jnp.sum(self.{attr}.rollout(x0, us) ** 2)

    def fit(self, us, x0):
        return jax.grad(self.cost)(us, x0)
"""


@pytest.mark.parametrize(("attr", "confidence"), [("own", "high"), ("sim", "medium")])
def test_a_method_of_an_object_an_attribute_holds(tmp_path, attr, confidence):
    # ``self.own`` holds a `Sim` the class makes: proven; ``self.sim`` is handed in: a guess by name
    found = _scan(tmp_path, {"sim.py": SIM, "ctrl.py": CONTROLLER.format(attr=attr)})
    assert [(f.path, f.code, f.confidence) for f in found] == [("sim.py", "GA103", confidence)]
