"""An imported name the module rebinds later (``from jax import grad`` ... ``grad = step(c0)`` in
a driver loop, a notebook's habit) is still the import above the rebinding: the transform it
applies there is seen. Below the rebinding, and for fixes spelling a name, it is unknown."""

from __future__ import annotations

import ast

from conftest import scan_program

from gradadvisor.analysis.names import ImportMap

SCRIPT = '''
from functools import partial

import jax.numpy as jnp
from jax import grad, jit


def objective(target, w, c):
    total = 0.0
    for m in range(c.shape[0]):
        total += w * jnp.sum((c[m] - target[m]) ** 2)
    return total


step = jit(grad(partial(objective, jnp.ones((500, 3)), 0.5)))
c0 = jnp.zeros((500, 3))
for it in range(10):
    grad = step(c0)
    c0 = c0 - 0.1 * grad
'''


def test_a_transform_applied_above_the_rebinding_is_seen(tmp_path):
    assert [f["code"] for f in scan_program(tmp_path, SCRIPT, low=False)] == ["GA302"]


def test_the_name_is_the_import_only_above_the_rebinding():
    tree = ast.parse(SCRIPT)
    names = ImportMap(tree)
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "grad"]
    assert [names.resolve(call.func) for call in calls] == ["jax.grad"]
    below = ast.parse("x = 1\n" * 20 + "grad(f)\n").body[-1].value.func
    assert names.resolve(below) is None
    assert "grad" in names.rebound
