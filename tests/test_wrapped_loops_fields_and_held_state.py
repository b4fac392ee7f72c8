"""Loops behind copies and ``reversed``, counts a class declares, state held on an object,
gradients called through ``vmap``, and a matrix reduced to a vector.

- ``reversed(list(range(n)))`` walks what ``range(n)`` does, backwards: a sum over it is the
  same sum (GA302), a carry through it the same carry (GA103); ``list(range(n))`` is a copy.
- ``range(self.cfg.max_iters)`` with ``max_iters: int = 60`` declared by a dataclass of the
  module: that field's default is the count (a few, or a small name, decides nothing).
- ``self.x = f(self.x)`` in a loop carries ``self.x`` as ``x = f(x)`` carries ``x``.
- ``jax.vmap(grad_fn)(pts, w[j])`` called per item, and a ``@jit`` function returning
  ``value_and_grad(f)(x)`` called per item, compute one gradient per item (GA102).
- GA203: ``w = jnp.sum(C, axis=1)`` is a vector whatever ``C`` is named.
"""

from __future__ import annotations

import pytest
from conftest import scan_program

REVERSED = '''
import jax
import jax.numpy as jnp


@jax.jit
def grads(xs, es):
    acc = jnp.zeros((xs.shape[2], es.shape[2]))
    for t in {header}:
        acc += jnp.dot(xs[t].T, es[t])
    return acc


@jax.jit
def relax(h, xs):
    for t in {header}:
        h = jnp.tanh(h + xs[t])
    return h
'''


@pytest.mark.parametrize("header", [
    "reversed(list(range(len(xs))))", "list(range(len(xs)))", "reversed(range(len(xs)))", "tuple(reversed(range(len(xs))))",
])
def test_a_loop_behind_copies_and_reversed_is_read(tmp_path, header):
    found = scan_program(tmp_path, REVERSED.format(header=header))
    assert sorted((f["code"], f["line"]) for f in found) == [("GA103", 16), ("GA302", 9)]


def test_a_sorted_iterable_is_not_unwrapped(tmp_path):
    # ``sorted(...)`` of values is not a range: nothing says what it walks.
    found = scan_program(tmp_path, REVERSED.format(header="sorted(xs.tolist())"))
    assert [f for f in found if f["code"] in ("GA103", "GA302")] == []


FIELDS = '''
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp


@dataclass
class Plan:
    {name}: int = {default}


@dataclass
class Solver:
    plan: Plan = field(default_factory=Plan)

    def run(self, z, w):
        for _ in range(self.plan.{name}):
            z = z - 0.1 * jnp.tanh(z * w)
        return z


def loss(w, z):
    return jnp.sum(Solver().run(z, w))


g = jax.grad(loss)
'''


@pytest.mark.parametrize("name, default, found", [
    ("max_iters", 60, ["GA103"]),
    ("max_iters", 5, []),       # a few: a constructor call the scan cannot see may pass more, or not
    ("n_layers", 60, []),       # a count of layers, by its name
])
def test_a_count_a_dataclass_of_the_module_declares_is_its_default(tmp_path, name, default, found):
    result = scan_program(tmp_path, FIELDS.format(name=name, default=default))
    assert [f["code"] for f in result] == found
    if found:
        assert f"`{name}` defaults to {default} in `Plan`" in " ".join(result[0]["evidence"])


def test_two_classes_declaring_the_field_differently_decide_nothing(tmp_path):
    source = FIELDS.format(name="max_iters", default=60) + "\n\nclass Other:\n    max_iters = 3\n"
    assert scan_program(tmp_path, source) == []


HELD = '''
import jax
import jax.numpy as jnp


class Plant:
    def __init__(self, x0, a):
        self.x = x0
        self.a = a

    @jax.jit
    def rollout(self, us):
        xs = []
        for t in range(us.shape[0]):
            self.x = jnp.tanh(self.a * self.x + us[t])
            xs.append(self.x)
        return jnp.stack(xs)
'''


def test_state_held_on_the_object_is_carried(tmp_path):
    found = scan_program(tmp_path, HELD)
    assert [(f["code"], f["line"]) for f in found] == [("GA103", 14)]
    assert "reads `self.x`, which the step before updated" in found[0]["evidence"]
    assert "fix" not in found[0] or not found[0]["fix"]  # no rewrite binds an attribute as a lambda's carry


def test_an_attribute_set_from_the_loop_alone_carries_nothing(tmp_path):
    source = HELD.replace("jnp.tanh(self.a * self.x + us[t])", "jnp.tanh(self.a * us[t])")
    assert [f for f in scan_program(tmp_path, source) if f["code"] == "GA103"] == []


def test_layers_applied_through_an_attribute_are_not_a_recurrence(tmp_path):
    source = '''
import jax
import jax.numpy as jnp


class Net:
    def __init__(self, layers):
        self.layers = layers

    @jax.jit
    def __call__(self, x):
        self.h = x
        for layer in self.layers:
            self.h = jnp.tanh(layer @ self.h)
        return self.h
'''
    assert scan_program(tmp_path, source) == []


MAPPED = '''
import jax
import jax.numpy as jnp
from jax import jit, value_and_grad, vmap


def energy(q, x):
    return jnp.sum(jnp.sin(q * x) ** 2)


pot_g = jax.jit(jax.grad(energy))


def forces(pts, walls):
    res = []
    for j in range(walls.shape[0]):
        res.append(vmap(pot_g, in_axes=[0, None])(pts, walls[j]))
    return jnp.stack(res)


@jit
def e_and_g(q, x):
    return value_and_grad(lambda q: energy(q, x))(q)


def curve(x, qs):
    return [e_and_g(q, x) for q in qs]
'''


def test_gradients_through_vmap_or_a_helper_returning_value_and_grad_are_per_example(tmp_path):
    found = scan_program(tmp_path, MAPPED)
    assert sorted((f["code"], f["line"]) for f in found) == [("GA102", 17), ("GA102", 27)]


def test_a_training_loop_through_a_value_and_grad_helper_stays_quiet(tmp_path):
    source = MAPPED + '''

def train(q, batches):
    for x in batches:
        loss, g = e_and_g(q, x)
        q = q - 0.1 * g
    return q
'''
    found = scan_program(tmp_path, source)
    assert sorted((f["code"], f["line"]) for f in found) == [("GA102", 17), ("GA102", 27)]


REDUCED = '''
import jax
import jax.numpy as jnp


@jax.jit
def solve(C, K, lam):
    w = jnp.{reduction}
    return jnp.diag(w) @ K + lam
'''


@pytest.mark.parametrize("reduction, level", [
    ("sum(C, axis=1)", "medium"),
    ("mean(C, 0)", "medium"),
    ("exp(C)", "low"),  # elementwise: still whatever `C` is, named like a matrix
])
def test_a_matrix_reduced_along_an_axis_is_a_vector_whatever_its_name(tmp_path, reduction, level):
    found = scan_program(tmp_path, REDUCED.format(reduction=reduction))
    assert [(f["code"], f["confidence"]) for f in found] == [("GA203", level)]


def test_a_stated_count_outranks_an_inner_name(tmp_path):
    # ``inner_cfg.max_iters`` sounds like a few inner steps; the module states 40.
    source = FIELDS.format(name="max_iters", default=40).replace("plan", "inner_cfg")
    found = scan_program(tmp_path, source, low=False)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA103", "medium")]
    assert not any("inner (adaptation) steps" in item for item in found[0]["evidence"])


HELPER_UPDATE = '''
import jax
import jax.numpy as jnp


def bump(st, i):
    return {returned}


@jax.jit
def sweep(st, b):
    r = b.shape[0]
    for i in range(r):
        st = bump(st, i)
    return st
'''


@pytest.mark.parametrize("returned, found", [
    ("st.at[i].set(st[i - 1] * 0.5 + 1.0)", ["GA103"]),
    ("st._replace(a=st.a.at[i].add(1.0))", ["GA103"]),
    ("(st, i)", []),  # no array update: nothing says the state is an array
])
def test_a_state_updated_by_a_helper_writing_at_the_index_is_carried(tmp_path, returned, found):
    assert [f["code"] for f in scan_program(tmp_path, HELPER_UPDATE.format(returned=returned))] == found


KEPT = '''
from functools import partial

import jax
import jax.numpy as jnp


{decorator}
def cumulate(op, init, xs):
    return jax.lax.scan(op, init, xs)[0]


@jax.jit
def resample(w, xs):
    return cumulate(lambda a, b: (a + w * b, None), 0.0, xs)


def sample(key):
    table = jax.random.normal(key, (100_000, 4000))

    def propose(carry, x):
        return carry + jnp.sum(table * x), None

    return cumulate(propose, 0.0, jnp.ones(3))
'''


def test_a_closure_kept_inside_its_function_is_not_compiled_by_an_unrelated_jit(tmp_path):
    # ``cumulate`` is compiled through ``resample``; ``sample`` hands ``propose`` to it eagerly.
    found = scan_program(tmp_path, KEPT.format(decorator=""))
    assert [f for f in found if f["code"] == "GA401"] == []


def test_a_closure_handed_to_a_jitted_function_embeds_what_it_captures(tmp_path):
    found = scan_program(tmp_path, KEPT.format(decorator="@partial(jax.jit, static_argnums=0)"))
    assert [(f["code"], f["line"]) for f in found if f["code"] == "GA401"] == [("GA401", 22)]


MODULE_LAMBDA = '''
import jax
import jax.numpy as jnp
from jax import jit, grad


def model(k, m):
    return k * jnp.arange(200.0) + m


@jit
def cost(k, m, obs):
    s = 0
    for i in range(len(obs)):
        s += (model(k, m)[i] - obs[i]) ** 2
    return s / len(obs)


measured = jnp.ones(200)
wrapped = lambda km: cost(km[0], km[1], measured); dcost = grad(wrapped)
'''


def test_two_call_facts_on_one_line_one_from_module_level_do_not_crash(tmp_path):
    # The lambda's call and the module line's share a line: one caller is None. Sorting the
    # call sites raised a TypeError that ended the whole run.
    found = scan_program(tmp_path, MODULE_LAMBDA)
    assert [(f["code"], f["line"]) for f in found] == [("GA302", 14)]


def test_a_rule_raising_in_phase_two_loses_only_its_candidate(tmp_path, monkeypatch):
    import textwrap

    from gradadvisor.engine import runner

    real = runner.finalize_candidate

    def broken(rule, candidate, project):
        if candidate.code == "GA302":
            raise TypeError("boom")
        return real(rule, candidate, project)

    monkeypatch.setattr(runner, "finalize_candidate", broken)
    source = MODULE_LAMBDA + "\n\n@jax.jit\ndef roll(h, xs):\n    for t in range(xs.shape[0]):\n        h = jnp.tanh(h + xs[t])\n    return h\n"
    (tmp_path / "pyproject.toml").write_text("[tool.gradadvisor]\n")
    (tmp_path / "m.py").write_text(textwrap.dedent(source))
    settings = runner.Settings(codes=("GA103", "GA302"), root=str(tmp_path), min_confidence="low")
    results = runner.lint_paths([(tmp_path / "m.py", "m.py")], settings, jobs=1)
    assert [f.code for result in results for f in result.findings] == ["GA103"]
    errors = [error for result in results for error in result.errors]
    assert len(errors) == 1 and "GA302 crashed" in errors[0].message and "boom" in errors[0].message
