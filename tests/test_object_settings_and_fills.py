"""Two sizes the code states without a number.

A setting an object holds and names as a count of data (``self.cfg.batch_size``,
``self.n_steps``, ``self.num_samples``) bounds a loop that grows with the data, likely; an
object's own shape (``self.hidden_size``, ``self.length``) does not. A fill of independent
``.at`` writes in code a trace is proven to reach is reported at medium when its size is only
likely (a count parameter), not only when the size is proven."""

from __future__ import annotations

import pytest
from conftest import scan_program

TRAINER = '''
import jax
import jax.numpy as jnp

class Trainer:
    def __init__(self, cfg, net):
        self.cfg = cfg
        self.net = net

    def loss(self, params, x, y):
        preds = []
        for i in range({count}):
            preds.append(self.net.apply(params, x[i]))
        return jnp.mean((jnp.stack(preds) - y) ** 2)

    def step(self, params, x, y):
        return jax.grad(self.loss)(params, x, y)
'''


@pytest.mark.parametrize("count", ["self.cfg.batch_size", "self.batch_size", "self.config.num_samples"])
def test_an_objects_setting_named_as_a_count_of_data_is_likely_data(tmp_path, count):
    found = scan_program(tmp_path, TRAINER.format(count=count), low=False)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA101", "medium")]
    assert "a setting the object holds, named as a count of data" in "\n".join(found[0]["evidence"])


@pytest.mark.parametrize("count", ["self.cfg.hidden_size", "self.n_layers", "self.length"])
def test_an_objects_own_shape_is_not_data(tmp_path, count):
    assert scan_program(tmp_path, TRAINER.format(count=count), low=False) == []


FILL = '''
import jax
import jax.numpy as jnp
from functools import partial

@partial(jax.jit, static_argnums=2)
def predict_all(params, X, n):
    out = jnp.zeros((n, params.shape[0]))
    for i in range(n):
        out = out.at[i].set(jnp.tanh(params @ X[i]))
    return out
'''


def test_independent_writes_in_traced_code_of_a_likely_size_are_reported(tmp_path):
    found = scan_program(tmp_path, FILL, low=False)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA103", "medium")]
    assert "the writes are independent" in found[0]["message"]


def test_independent_writes_no_trace_reaches_are_not_reported(tmp_path):
    source = FILL.replace("@partial(jax.jit, static_argnums=2)\n", "")
    assert scan_program(tmp_path, source) == []


def test_independent_writes_over_a_later_axis_of_likely_size_are_not_reported(tmp_path):
    # range(obs.shape[1]): an axis after the first, a model's as often as the data's (agents, channels)
    source = FILL.replace("for i in range(n):", "for i in range(X.shape[1]):").replace("params @ X[i]", "params @ X[:, i]")
    assert scan_program(tmp_path, source, low=False) == []


HEATER = '''
import jax
import jax.numpy as jnp

class Heater:
    def __init__(self, {param}):
        self.{attr} = {param}

    def advance(self, temp, gain):
        return temp + 0.1 * jnp.tanh(gain * temp)

    def episode(self, gain):
        temp = jnp.ones(4)
        for _ in range(self.{attr}):
            temp = self.advance(temp, gain)
        return temp.sum()

h = Heater(300)
g = jax.grad(h.episode)
'''


def test_a_count_the_object_is_constructed_with_is_likely_data(tmp_path):
    found = scan_program(tmp_path, HEATER.format(param="ticks", attr="ticks"), low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA103", 14)]
    assert "`self.ticks` holds the constructor's `ticks`" in "\n".join(found[0]["evidence"])


@pytest.mark.parametrize("built", ["Heater(5)", "count = 5\nh = Heater(ticks=count)"])
def test_a_count_every_constructor_call_passes_a_few_of_is_small(tmp_path, built):
    # the object is built with 5 wherever it is built: five steps, not the data's
    assert scan_program(tmp_path, HEATER.format(param="ticks", attr="ticks").replace("h = Heater(300)", built), low=False) == []


def test_a_count_a_constructor_call_passes_many_of_is_data(tmp_path):
    found = scan_program(tmp_path, HEATER.format(param="ticks", attr="ticks").replace("Heater(300)", "Heater(ticks=400)"), low=False)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA103", "high")]
    assert "`400` = 400 at m.py:18" in found[0]["evidence"]


@pytest.mark.parametrize(("param", "attr"), [("n_layers", "n_layers"), ("order", "order"), ("width", "width")])
def test_a_constructed_count_named_as_small_is_not(tmp_path, param, attr):
    assert scan_program(tmp_path, HEATER.format(param=param, attr=attr), low=False) == []


HAIKU = '''
import haiku as hk
import jax
import jax.numpy as jnp

class Filter(hk.Module):
    def __init__(self, size):
        super().__init__()
        self.size = size

    def step(self, s, a, o):
        return jnp.tanh(hk.Linear(self.size)(jnp.concatenate([s, a, o], -1)))

    def observe(self, obs, act):
        s = jnp.zeros((obs.shape[0], self.size))
        for t in range(obs.shape[1]):
            s = self.step(s, act[:, t], obs[:, t])
        return s
'''


def test_every_method_of_a_haiku_module_runs_under_a_trace(tmp_path):
    found = scan_program(tmp_path, HAIKU, low=False)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA103", "medium")]
    assert "observe of a haiku Module, run under a JAX trace" in found[0]["context"]


def test_a_constructed_count_defaulting_to_a_few_is_small(tmp_path):
    source = HEATER.format(param="n_iters: int = 12", attr="n_iters").replace("self.n_iters = n_iters: int = 12", "self.n_iters = n_iters").replace("Heater(300)", "Heater()")
    assert scan_program(tmp_path, source, low=False) == []


def test_a_constructed_count_defaulting_to_many_is_likely_data(tmp_path):
    source = HEATER.format(param="n_iters: int = 300", attr="n_iters").replace("self.n_iters = n_iters: int = 300", "self.n_iters = n_iters").replace("Heater(300)", "Heater()")
    assert [f["code"] for f in scan_program(tmp_path, source, low=False)] == ["GA103"]


def test_a_setting_named_as_steps_defaulting_to_a_few_is_small(tmp_path):
    source = HEATER.format(param="n_solver_steps: int = 15", attr="n_solver_steps").replace(
        "self.n_solver_steps = n_solver_steps: int = 15", "self.n_solver_steps = n_solver_steps").replace("Heater(300)", "Heater()")
    assert scan_program(tmp_path, source, low=False) == []


def test_a_count_aliased_from_an_objects_setting_is_the_setting(tmp_path):
    source = HEATER.format(param="ticks", attr="ticks").replace(
        "        for _ in range(self.ticks):", "        n = self.ticks\n        for _ in range(0, n):")
    found = scan_program(tmp_path, source, low=False)
    assert [f["code"] for f in found] == ["GA103"]
    assert "`self.ticks` holds the constructor's `ticks`" in "\n".join(found[0]["evidence"])


def test_a_count_unpacked_from_a_tuple_of_settings_is_the_setting(tmp_path):
    source = HEATER.format(param="ticks", attr="ticks").replace("        for _ in range(self.ticks):", "        n, dt = self.ticks, 0.1\n        for _ in range(n):")
    found = scan_program(tmp_path, source, low=False)
    assert [f["code"] for f in found] == ["GA103"]
    assert "`self.ticks` holds the constructor's `ticks`" in found[0]["evidence"][0]


@pytest.mark.parametrize("name, reported", [("n_states", True), ("num_nodes", True), ("n_layers", False), ("states", False)])
def test_a_count_of_states_or_nodes_is_data_though_the_word_names_a_collection(tmp_path, name, reported):
    # ``n_states`` counts a Markov chain's states; ``n_layers`` a network's few layers
    found = scan_program(tmp_path, HEATER.format(param=name, attr=name).replace("Heater(300)", "Heater(ticks)"), low=False)
    assert [f["code"] for f in found] == (["GA103"] if reported else [])
