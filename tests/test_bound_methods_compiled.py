"""A bound method compiled from outside its class (``f = jax.jit(grid.rhs)``) closes over the
instance: the arrays the class sets on
``self`` are baked into the program as constants (GA401), as under ``static_argnums=0``. A method
jitted with ``self`` traced (a plain ``@jax.jit``) takes them as inputs."""

from __future__ import annotations

import pytest
from conftest import scan_program

CLASS = '''
import jax
import jax.numpy as jnp


class Grid:
    def __init__(self):
        self.K = jnp.zeros((4096, 4096))

    def rhs(self, s, u):
        return jnp.dot(self.K, s) + u


def make_step(fun, dt):
    def step(s, u):
        return s + dt * fun(s, u)
    return step


def drive(s0, u):
    g = Grid()
    {compiled}
    return f(s0, u)
'''


@pytest.mark.parametrize(("compiled", "reported"), [
    ("f = jax.jit(g.rhs)", True),
    ("f = g.rhs", False),  # nothing compiles it
    ("f = make_step(g.rhs, 0.1)", False),
])
def test_a_bound_method_compiled_from_outside_captures_its_arrays(tmp_path, compiled, reported):
    found = [f for f in scan_program(tmp_path, CLASS.format(compiled=compiled)) if f["code"] == "GA401"]
    assert bool(found) is reported, found
    if reported:
        assert "`self.K`" in found[0]["message"] and found[0]["confidence"] == "high"


def test_a_method_jitted_with_self_traced_takes_its_arrays_as_inputs(tmp_path):
    source = ("import jax\nimport jax.numpy as jnp\n\n\nclass Op:\n    def __init__(self):\n        self.M = jnp.zeros((2048, 2048))\n\n"
              "    @jax.jit\n    def __call__(self, x):\n        return self.M @ x\n\n\ndef run(x):\n    return Op()(x)\n")
    assert not [f for f in scan_program(tmp_path, source) if f["code"] == "GA401"]
