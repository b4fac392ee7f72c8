"""A star import may rebind what its module exports, never the builtins a loop is read with:
no library exports ``range``, ``zip`` or ``len``, so a loop over ``range(n)`` in a module that
star-imports a toolkit is still a loop over ``range``. NumPy-like modules do export ``sum``,
``max`` and ``abs``: those stay unknown after a star import."""

from __future__ import annotations

from conftest import scan_program

STARRED = '''
import jax
import jax.numpy as jnp
from imaging_toolkit import *

@jax.jit
def accumulate(grid, tiles):
    for t in range(tiles.shape[0]):
        grid = grid + jnp.tanh(grid) * tiles[t]
    return grid
'''


def test_a_star_import_does_not_rebind_range(tmp_path):
    found = scan_program(tmp_path, STARRED, low=False)
    assert [f["code"] for f in found] == ["GA103"]


def test_a_star_import_may_rebind_sum(tmp_path):
    source = '''
import jax
import jax.numpy as jnp
from numpy import *

@jax.jit
def f(x):
    return sum(jnp.exp(xi) for xi in x)
'''
    assert scan_program(tmp_path, source) == []  # ``sum`` may be numpy's here


REBOUND = '''
import jax
import jax.numpy as jnp

def net(w, pts, lv):
    return jnp.tanh(pts @ w + lv[:, None])

@jax.jit
def evaluate(w, pts, xs):
    vals = []
    for lv in xs:
        lv = lv * jnp.ones((pts.shape[0],))
        vals.append(jnp.mean(net(w, pts, lv)))
    return jnp.asarray(vals)
'''


def test_a_loop_variable_rebound_first_thing_carries_nothing(tmp_path):
    # The loop variable is fresh each iteration: `lv = lv * ...` reads this step's item only.
    found = scan_program(tmp_path, REBOUND, low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA101", 11)]
    assert "def per_sample(lv)" in found[0]["message"]


def test_a_name_carried_from_the_step_before_is_still_not_a_map(tmp_path):
    source = REBOUND.replace("        lv = lv * jnp.ones((pts.shape[0],))\n", "        acc = acc * lv\n").replace(
        "    vals = []\n", "    vals = []\n    acc = 1.0\n").replace("net(w, pts, lv)", "net(w, pts, acc * jnp.ones((pts.shape[0],)))")
    found = scan_program(tmp_path, source)
    assert not any(f["code"] == "GA101" for f in found)


RINGS = '''
import jax
import jax.numpy as jnp

def frc(a, b, rad, nr):
    out = []
    zero = jnp.zeros([nr])
    for i in range(a.shape[0]):
        cross = zero.at[rad].add(a[i] * b[i])
        out.append(cross / jnp.sqrt(zero.at[rad].add(a[i] * a[i])))
    return jnp.stack(out)

g = jax.grad(lambda a, b, r: frc(a, b, r, 32).sum())
'''


def test_a_scatter_into_a_fresh_template_per_item_is_not_a_mutation(tmp_path):
    # ``zero.at[rad].add(v)`` returns a new array each step: the body is one item's ring sums
    found = scan_program(tmp_path, RINGS, low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA101", 8)]


def test_a_star_import_of_jax_ops_rebinds_no_builtin(tmp_path):
    source = '''
import jax
import jax.numpy as jnp
from jax.ops import *

@jax.jit
def f(x):
    return sum(jnp.exp(xi) for xi in x)
'''
    assert [f["code"] for f in scan_program(tmp_path, source, low=False)] == ["GA301"]


def test_d2l_reexports_of_jax_numpy_are_jax_numpy(tmp_path):
    source = '''
import jax
from d2l import jax as d2l

def output_layer(W, b, rnn_outputs):
    outputs = [d2l.matmul(H, W) + b for H in rnn_outputs]
    return d2l.stack(outputs, 1)

g = jax.jit(jax.grad(lambda W, b, hs: output_layer(W, b, hs).sum()))
'''
    found = scan_program(tmp_path, source, low=False)
    assert [f["code"] for f in found] == ["GA101"]
    assert "`d2l.stack(outputs)` joins the results" in found[0]["message"]


MADE_ALIKE = '''
import jax
import jax.numpy as jnp

def final_err(x0, f):
    return jnp.sum((x0 * f - 1.0) ** 2)

def total(x0, forcings):
    return jnp.mean(jnp.array([final_err(x0, f) for f in forcings]))

g = jax.grad(total)
forcings = {passed}
print(g(jnp.zeros(30), forcings))
'''


def test_a_list_of_many_arrays_made_alike_is_stackable_data(tmp_path):
    found = scan_program(tmp_path, MADE_ALIKE.format(passed="[jnp.full(30, 8.0 + 0.05 * i) for i in range(50)]"))
    assert [f["code"] for f in found] == ["GA101"]
    assert "`forcings` is a list of 50 arrays made alike" in "\n".join(found[0]["evidence"])


def test_a_short_list_of_different_arrays_is_not(tmp_path):
    found = scan_program(tmp_path, MADE_ALIKE.format(passed="[jnp.ones(30), jnp.zeros(30), jnp.ones(30) * 2.0]"))
    assert not any(f["code"] == "GA101" for f in found)
