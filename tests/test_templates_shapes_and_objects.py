"""Shapes from the described misses and look-alikes of blind round AT-AW, made up:

- a base class's jitted method calling ``self.impl(...)`` reaches the subclasses' overrides,
  in another module too (a template method);
- ``n = x.shape[ax]`` with ``ax = 0`` and ``shp = x.shape; H = shp[0]`` are sizes;
- ``jnp.where(d < 0, eps, d)`` of a vector is a vector (so ``jnp.diag`` of it is a matrix);
- a per-item call of a method no array has (``self.parts[i].energy(q)``) walks objects;
- arithmetic over ``zip`` of arrays (``w * y ** 2``) is a map like a call is.
"""

from __future__ import annotations

import pytest
from conftest import scan_program

BASE = '''
from functools import partial
import jax

class Strategy:
    @partial(jax.jit, static_argnums=(0,))
    def ask(self, rng, state):
        return self.ask_strategy(rng, state)
'''

SUBCLASS = '''
import jax
import jax.numpy as jnp
from strategy import Strategy

class SepCMA(Strategy):
    def ask_strategy(self, rng, state):
        D2, B = jnp.linalg.eigh(state.C)
        D = jnp.sqrt(jnp.where(D2 < 0, 1e-20, D2))
        return B @ jnp.diag(D) @ jax.random.normal(rng, (D.shape[0], 8))
'''


@pytest.mark.parametrize("base, expected", [(BASE, [("GA203", "medium")]), (BASE.replace("@partial(jax.jit, static_argnums=(0,))\n    ", ""), [("GA203", "low")])])
def test_a_jitted_template_method_traces_the_overrides(tmp_path, base, expected):
    (tmp_path / "strategy.py").write_text(base)
    found = scan_program(tmp_path, SUBCLASS, name="sep.py")
    assert [(f["code"], f["confidence"]) for f in found] == expected


SHAPES = '''
import jax
import jax.numpy as jnp

def fill(sig):
    {size}
    R = jnp.zeros((n, n))
    for i in range(n):
        R = R.at[i:, i].set(jnp.cumsum(sig[i:]))
    return R

g = jax.jit(jax.grad(lambda s: jnp.sum(fill(s))))
'''


@pytest.mark.parametrize("size", ["ax = 0\n    n = sig.shape[ax]", "shp = sig.shape\n    n = shp[0]"])
def test_shapes_through_an_index_variable_or_an_alias_are_sizes(tmp_path, size):
    found = scan_program(tmp_path, SHAPES.format(size=size), low=False)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA103", "high")]


PARTS = '''
import jax
import jax.numpy as jnp

class Composite:
    def __init__(self, parts):
        self.parts = parts

    @jax.jit
    def energy(self, q):
        out = []
        for i in range(len(self.parts)):
            out.append(self.parts[i].{method}(q))
        return jnp.sum(jnp.array(out))
'''


@pytest.mark.parametrize("method, expected", [("energy", []), ("sum", ["GA101"])])
def test_items_whose_methods_no_array_has_are_objects(tmp_path, method, expected):
    assert [f["code"] for f in scan_program(tmp_path, PARTS.format(method=method))] == expected


ZIPPED = '''
import jax
import jax.numpy as jnp

def update(wts, ys):
    {convert}
    return jnp.sum(jnp.array([w * y ** 2 for w, y in zip(wts, ys)]), 0)

g = jax.jit(jax.grad(lambda w, y: jnp.sum(update(w, y))))
'''


@pytest.mark.parametrize("convert, expected", [("ys = jnp.asarray(ys)", ["GA101"]), ("pass", [])])
def test_arithmetic_over_zipped_arrays_is_a_map(tmp_path, convert, expected):
    # with nothing showing an array, a zip of two lists of numbers is left alone
    assert [f["code"] for f in scan_program(tmp_path, ZIPPED.format(convert=convert))] == expected
