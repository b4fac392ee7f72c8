"""Shapes from the DM-DQ descriptions: library class decorators, wrapped gradient functions,
states fed the function's parameters, small sliced diagonals, ragged items, eager code.

- evox's ``@jit_class`` compiles each public method (and ``__call__``) of the class.
- ``as_host(jax.jit(jax.jacobian(f)))``, a wrapper returning a function that calls the one it
  is given, still computes that Jacobian per call (GA102).
- ``s = engine.advance(p, s, u)`` inside a differentiated ``def f(p)``: the state is traced.
- ``lax.stop_gradient(W.shape[0])`` is that int; ``jax.vmap(f)(x)`` is an array.
- GA203: ``jnp.diag(jnp.exp(1j * theta[12:16]))`` has 4 entries: no finding.
- GA302: a loop branching on an item's ``.ndim`` walks items of different shapes; a
  ``tree_map`` over a list is a list.
- GA401: data of an unshown size bound into a jitted function no gradient goes through is low.
- A function the project shows runs eagerly (called only from module-level code) is not
  reported at any confidence.
"""

from __future__ import annotations

import pytest
from conftest import scan_program

EVOX = '''
import jax.numpy as jnp
from evox import Algorithm, jit_class


def ranks(n):
    u = jnp.log(n + 1.0) - jnp.log(jnp.arange(1, n + 1))
    return u / sum(u)


@jit_class
class Search(Algorithm):
    def tell(self, state, fitness):
        return state, ranks(fitness.shape[0])

    def _helper(self, xs):
        acc = 0.0
        for i in range(xs.shape[0]):
            acc += jnp.sin(xs[i])
        return acc
'''


def test_evox_jit_class_compiles_public_methods(tmp_path):
    found = scan_program(tmp_path, EVOX, low=False)
    summed = [f for f in found if f["code"] == "GA301"]
    assert [f["line"] for f in summed] == [8]
    assert "@jit_class compiles" in summed[0]["context"]


def test_a_private_method_of_a_jit_class_is_not_compiled_by_it(tmp_path):
    found = [f for f in scan_program(tmp_path, EVOX) if f["code"] == "GA302"]
    assert [f["line"] for f in found] == [18]
    assert "jit_class" not in (found[0].get("context") or "")
    assert any("no transform reaches this function" in item for item in found[0]["evidence"])


WRAPPED = '''
import jax
import jax.numpy as jnp
import numpy as np


def resid(b, x):
    return jnp.tanh(x * b)


def as_host(fn):
    def inner(*a):
        return np.array(fn(*[jnp.array(x) for x in a]))
    return inner


{bound} = as_host(jax.jit(jax.jacobian(resid, argnums=1)))


def sweep(u, v, n):
    out = np.zeros(n)
    for i in range(1, n):
        out[i] = dg(u[i], v[i]).sum()
    return out
'''


@pytest.mark.parametrize("bound, found", [("dg", ["GA102"]), ("dg_unused", [])])
def test_a_wrapper_returning_a_caller_of_a_jacobian_computes_it_per_call(tmp_path, bound, found):
    source = WRAPPED.format(bound=bound)
    if bound != "dg":
        source = source.replace("def sweep", "def dg(a, b):\n    return a + b\n\n\ndef sweep")
    assert [f["code"] for f in scan_program(tmp_path, source)] == found


def test_a_state_fed_the_differentiated_parameter_is_carried(tmp_path):
    source = '''
import jax
from circuitlib import Board

board = Board("rc.net")


def settle(cap):
    s = board.start({"c": cap})
    for _ in range(100):
        s = board.advance({"c": cap}, s, {"v": 3.0})
    return board.read(s)


g = jax.grad(settle)
'''
    found = scan_program(tmp_path, source, low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA103", 10)]


def test_a_state_fed_only_constants_is_not_read_as_traced(tmp_path):
    source = '''
import jax
from circuitlib import Board

board = Board("rc.net")


def settle(cap):
    s = board.start({"c": 1.0})
    for _ in range(100):
        s = board.advance({"c": 1.0}, s, {"v": 3.0})
    return cap * board.read(s)


g = jax.grad(settle)
'''
    assert scan_program(tmp_path, source) == []


def test_stop_gradient_of_a_shape_is_the_count_and_a_vmap_result_an_array(tmp_path):
    source = '''
import jax
import jax.numpy as jnp


def forward(adj, x):
    h = x
    m = jax.lax.stop_gradient(adj.shape[0])
    for j in range(m):
        h = h.at[j].set(jnp.tanh(h @ adj[:, j]))
    return h


def ranks(n):
    u = jax.vmap(lambda i: jnp.log(n + 1.0) - jnp.log(i))(jnp.arange(1, n + 1))
    return u / sum(u)


f = jax.jit(forward)
g = jax.jit(ranks, static_argnums=0)
'''
    found = scan_program(tmp_path, source)
    assert sorted((f["code"], f["line"]) for f in found) == [("GA103", 9), ("GA301", 16)]


SMALL_DIAG = '''
import jax
import jax.numpy as jnp


@jax.jit
def unitary(theta, U):
    v = theta[{bounds}]
    return jnp.diag(jnp.exp(1j * v)) @ U
'''


@pytest.mark.parametrize("bounds, found", [("12:16", []), ("3:", ["GA203"])])
def test_a_diagonal_of_a_few_sliced_entries_is_small(tmp_path, bounds, found):
    assert [f["code"] for f in scan_program(tmp_path, SMALL_DIAG.format(bounds=bounds))] == found


RAGGED = '''
import jax
import jax.numpy as jnp


def utility(outs, prefs, t):
    u = 0.0
    for o, pref in zip(outs, prefs):
        u += (o * {term}).sum()
    return u


def efe(mats, prefs, t):
    outs = jax.tree_util.tree_map(lambda m, i: m @ jnp.ones(m.shape[1]), mats, list(range(len(mats))))
    return utility(outs, prefs, t)


def run(mats, prefs, ts):
    return jax.lax.scan(lambda c, t: (c + efe(mats, prefs, t), None), 0.0, ts)[0]
'''


def test_items_branched_on_their_rank_are_ragged(tmp_path):
    assert scan_program(tmp_path, RAGGED.format(term="(pref[t] if pref.ndim > 1 else pref)")) == []


def test_a_tree_map_over_a_list_is_a_list_of_unshown_length(tmp_path):
    found = scan_program(tmp_path, RAGGED.format(term="pref[t]"))
    assert [f["code"] for f in found] == ["GA302"]
    assert any("is a list or tuple" in item for item in found[0]["evidence"])


PARTIAL = '''
from functools import partial

import jax
from datasets import load_matches

times, results = load_matches("2019")


def sweep(k, times, results):
    return k * times + results


run = jax.jit({wrapped})
'''


@pytest.mark.parametrize("wrapped, level", [
    ("partial(sweep, times=times, results=results)", "low"),
    ("jax.grad(partial(sweep, times=times, results=results))", "medium"),
])
def test_data_of_unshown_size_bound_by_partial_is_medium_only_when_differentiated(tmp_path, wrapped, level):
    found = scan_program(tmp_path, PARTIAL.format(wrapped=wrapped))
    assert found and {f["confidence"] for f in found if f["code"] == "GA401"} == {level}


def test_a_function_shown_to_run_eagerly_is_not_reported_even_at_low(tmp_path):
    source = '''
import jax.numpy as jnp


def resimulate(x0, us):
    xs = [x0]
    for t in range(us.shape[0]):
        xs.append(xs[-1] + 0.1 * jnp.tanh(us[t]))
    return jnp.stack(xs)


trajectory = resimulate(jnp.zeros(3), jnp.ones((5000, 3)))
'''
    assert [f for f in scan_program(tmp_path, source) if f["code"] == "GA103"] == []


FIELD_ARITHMETIC = '''
import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class Runner:
    budget: int = struct.field(pytree_node=False, default={budget})
    per_round: int = struct.field(pytree_node=False, default=16)

    def __call__(self, x):
        for _ in range((self.budget - 1) // self.per_round + 1):
            x = jnp.tanh(x) * 0.5 + x
        return x


@jax.jit
def go(x):
    return Runner()(x)
'''


@pytest.mark.parametrize("budget, found", [(50_000, ["GA103"]), (64, [])])
def test_a_count_worked_out_from_field_defaults_is_that_count(tmp_path, budget, found):
    result = scan_program(tmp_path, FIELD_ARITHMETIC.format(budget=budget))
    assert [f["code"] for f in result] == found
    if found:
        assert any("is 3125 at the defaults" in item for item in result[0]["evidence"])


def test_an_integrator_appending_through_a_step_temporary_carries_its_newest_item(tmp_path):
    source = '''
import jax
import jax.numpy as jnp


def integrate(rhs, s0, grid, *a):
    path = [s0]
    for i in range(len(grid) - 1):
        dt = grid[i + 1] - grid[i]
        path.append(path[i] + dt * rhs(grid[i], path[i], *a))
    return jnp.array(path)


def decay(t, y, k):
    return -k * y


@jax.jit
def loss(k, y0, ts):
    return jnp.sum(integrate(decay, y0, ts, k) ** 2)
'''
    found = scan_program(tmp_path, source)
    assert [(f["code"], f["line"]) for f in found] == [("GA103", 8)]
    assert "reads `path[i]`, added by the step before" in found[0]["evidence"]


def test_an_array_carried_through_at_writes_beside_an_accumulator_is_a_recurrence(tmp_path):
    source = '''
import jax
import jax.numpy as jnp


@jax.jit
def energy(v):
    e = 0.0
    for k in range(v.shape[0] - 1):
        v = v.at[k + 1].add(0.5)
        d = v[k] ** 2 - v[k + 1]
        e += d * d - jnp.cos(d)
    return e
'''
    found = scan_program(tmp_path, source)
    assert [(f["code"], f["line"]) for f in found] == [("GA103", 9)]
    assert "reads `v[k]`, written by an earlier step" in found[0]["evidence"]


NAMED_TEST = '''
import jax
import jax.numpy as jnp


def test_fit(p, ts{default}):
    h = p
    for k in range(ts.shape[0]):
        h = jnp.tanh(h * ts[k])
    {end}


fast = jax.jit(test_fit)
'''


@pytest.mark.parametrize("default, end, reported", [
    ("", "assert jnp.isfinite(h)", False),      # a test pytest collects: reference code
    (", max_iter=35", "assert jnp.isfinite(h)", True),  # settings with defaults: not a pytest test
    ("", "return h", True),                     # returns its result: run for it, not a test
])
def test_a_function_named_test_is_test_code_only_when_pytest_would_run_it(tmp_path, default, end, reported):
    found = scan_program(tmp_path, NAMED_TEST.format(default=default, end=end))
    assert bool(found) == reported


INSTANCE_COUNT = '''
import jax
import jax.numpy as jnp


def hop(h, s):
    return jnp.tanh(h + s)


class Net:
    def __init__(self, src):
        self.src = src
        self.n_hops = {count}

    def energy(self, theta):
        h = theta
        for k in range(self.n_hops):
            h = jax.vmap(hop)(h, self.src[:, k])
        return jnp.sum(h)


def loss(theta, src):
    return Net(src).energy(theta)


g = jax.jit(jax.grad(loss))
'''


@pytest.mark.parametrize("count, found", [("300", ["GA103"]), ("int(300)", ["GA103"]), ("4", [])])
def test_a_count_the_class_sets_once_to_a_literal_is_that_count(tmp_path, count, found):
    result = scan_program(tmp_path, INSTANCE_COUNT.format(count=count))
    assert [f["code"] for f in result] == found
    if found:
        assert "`self.n_hops` is set to 300 in `__init__`" in result[0]["evidence"]


STACKED_SIDE = '''
import jax
import jax.numpy as jnp


@jax.jit
def tensor(t, n, p, lam):
    L = {built}
    return L @ jnp.diag(lam) @ L.T
'''


@pytest.mark.parametrize("built, found", [
    ("jnp.column_stack([t, n, p])", []),          # three columns: `lam` has three entries
    ("jnp.stack([t, n, p], axis=1)", []),
    ("jnp.column_stack(t)", ["GA203"]),  # nothing shows how many columns
])
def test_a_diagonal_meeting_a_few_stacked_columns_is_small(tmp_path, built, found):
    assert [f["code"] for f in scan_program(tmp_path, STACKED_SIDE.format(built=built))] == found
