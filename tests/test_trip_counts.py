"""Trip counts are arithmetic: what ``range(start, stop, step)`` says about how often a loop runs."""

from __future__ import annotations

import ast

import pytest
from conftest import extent_of_first_loop, scan_program

from gradadvisor.analysis.syntax import range_bounds

_first_loop_extent = extent_of_first_loop

def _bounds(call: str):
    return range_bounds(ast.parse(call, mode="eval").body.args)


@pytest.mark.parametrize(
    "call, count, driver",
    [
        ("range(3, 10, 2)", 4, None),
        ("range(n - 2, n)", 2, None),
        ("range(n + 1, n - 3, -1)", 4, None),
        ("range(x.shape[0] - 1, x.shape[0])", 1, None),
        ("range(5, 0)", 0, None),
        ("range(n)", None, "n"),
        ("range(1, n)", None, "n"),
        ("range(n - 1, -1, -1)", None, "n - 1"),
        ("range(n, 0, -2)", None, "n"),
        ("range(-n, 0)", None, "-n"),
        ("range(0, n, k)", None, "n"),  # an unknown step: the count still grows with n
    ],
)
def test_range_bounds(call, count, driver):
    found = _bounds(call)
    assert found.count == count
    assert (ast.unparse(found.driver) if found.driver is not None else None) == driver


@pytest.mark.parametrize(
    "loop",
    [
        "range(n - 1, -1, -1)",
        "range(x.shape[0] - 1, 0, -1)",
        "range(n, 0, -1)",
        "reversed(range(n))",
        "range(1, n + 1)",
    ],
)
def test_counting_down_or_offset_ranges_are_data_sized(loop):
    extent = _first_loop_extent(f"def f(x):\n    n = x.shape[0]\n    for i in {loop}:\n        pass\n")
    assert extent.is_data and extent.proof == "proven", extent


@pytest.mark.parametrize("loop", ["range(n - 2, n)", "range(n, n + 3)", "range(n + 4, n, -1)", "range(10, 4, -1)"])
def test_ranges_whose_bounds_differ_by_a_literal_are_small(loop):
    extent = _first_loop_extent(f"def f(x):\n    n = x.shape[0]\n    for i in {loop}:\n        pass\n")
    assert extent.kind == "static", extent


def test_a_parameter_counted_down_is_likely_and_names_the_parameter():
    extent = _first_loop_extent("def f(x, n):\n    for i in range(n - 1, -1, -1):\n        pass\n")
    assert extent.is_data and extent.proof == "likely" and extent.param == "n"


def test_a_counted_down_parameter_with_a_small_default_is_small_unless_a_call_passes_more():
    # phase 2 reads the calls (``tests/test_cross_module_reach.py``): none passing more, it is small
    extent = _first_loop_extent("def f(x, order=3):\n    for i in range(order, 0, -1):\n        pass\n")
    assert extent.kind == "static" and extent.default == 3 and extent.param == "order"


CALLED_COUNTS = '''
from functools import partial

import jax


def step(state, k):
    return state + jax.random.normal(k, state.shape)


@partial(jax.jit, static_argnames=("n_sub",))
def chunk(state, key, n_sub):
    for _ in range(n_sub):
        key, k = jax.random.split(key)
        state = step(state, k)
    return state, key


def run(state, key, n_chunks, n_sub=20):
    return jax.lax.scan(lambda c, _: (chunk(c[0], c[1], n_sub), None), (state, key), None, length=n_chunks)


@jax.jit
def long_run(state, key, n_steps):
    for _ in range(n_steps):
        key, k = jax.random.split(key)
        state = step(state, k)
    return state


def driver(state, key):
    return long_run(state, key, 5000)
'''


def test_a_count_of_steps_is_judged_by_what_callers_pass(tmp_path):
    # 20 steps (the caller's own default) is a deliberate unroll; 5000 is the slow case.
    findings = scan_program(tmp_path, CALLED_COUNTS)
    assert [(f["code"], f["line"], f["confidence"]) for f in findings] == [("GA103", 25, "high")]
    assert any("5000" in item for item in findings[0]["evidence"])


SHAPE_ENTRY = '''import jax
import jax.numpy as jnp


def cell(w, x, h):
    return jnp.tanh(w @ h + x), jnp.tanh(w @ h + x)


def run(w, xs, h, {param}):
    out = jnp.zeros({param})
    for k in range({param}[0]):
        y, h = cell(w, xs[k], h)
        out = out.at[k].set(y)
    return out

{caller}
'''


def test_an_entry_of_a_shape_the_callers_pass_is_a_data_count(tmp_path):
    found = scan_program(tmp_path, SHAPE_ENTRY.format(param="out_shape", caller="step = jax.jit(run, static_argnums=3)"))
    assert [f["code"] for f in found] == ["GA103"]
    assert any("an entry of the parameter `out_shape`" in line for line in found[0]["evidence"])
    # A caller passing a few rows, or a collection of sizes by its name: small, or unknown.
    assert scan_program(tmp_path, SHAPE_ENTRY.format(param="out_shape", caller="def main(w, xs, h):\n    return jax.jit(run, static_argnums=3)(w, xs, h, (5, 3))")) == []
    assert scan_program(tmp_path, SHAPE_ENTRY.format(param="layer_sizes", caller="step = jax.jit(run, static_argnums=3)")) == []


ARANGE = '''import jax
import jax.numpy as jnp


@jax.jit
def splat(buf, c, vals, r):
    for off in {walked}:
        buf = buf.at[c + off, :].add(jnp.exp(-off ** 2) * vals)
    return buf
'''


def test_jnp_arange_with_bounds_walks_as_range_does(tmp_path):
    # A stencil's offsets, -r to r: the half-width of a footprint, not a data size.
    assert scan_program(tmp_path, ARANGE.format(walked="jnp.arange(-r, r + 1)")) == []
    assert scan_program(tmp_path, ARANGE.format(walked="range(-r, r + 1)")) == []
    # From an index to a data size: as long as the data.
    assert [f["code"] for f in scan_program(tmp_path, ARANGE.format(walked="jnp.arange(0, vals.shape[0])"))] == ["GA103"]


DREAM = '''
import functools
import jax
import jax.numpy as jnp

@functools.partial(jax.jit, static_argnames=("n_dream",))
def learn(key, critic, batch, n_dream: int = {default}):
    for _ in range({bound}):
        key, sub = jax.random.split(key)
        batch = jnp.tanh(batch @ critic) + jax.random.normal(sub, batch.shape)
        critic = critic - 0.1 * batch.T @ batch
    return critic
'''


@pytest.mark.parametrize("bound", ["n_dream - 1", "n_dream + 2"])
def test_a_count_a_few_steps_off_a_small_default_is_small(tmp_path, bound):
    # ``range(n_dream - 1)`` with ``n_dream: int = 1``: no step at all by default
    assert scan_program(tmp_path, DREAM.format(default=1, bound=bound)) == []


def test_a_count_a_few_steps_off_a_large_default_is_data(tmp_path):
    found = scan_program(tmp_path, DREAM.format(default=100, bound="n_dream - 1"), low=False)
    assert [f["code"] for f in found] == ["GA103"]
    assert "`n_dream - 1` depends on the parameter `n_dream`" in found[0]["evidence"][0]


@pytest.mark.parametrize("walked, bound", [
    ("x.T", ""),  # written in place
    ("cols", "    cols = jnp.asarray(x).T\n"),  # bound once to the name walked
    ("jnp.transpose(x)", ""),
])
def test_the_columns_of_an_array_are_a_likely_axis_not_its_rows(walked, bound):
    # ``for col in X.T`` walks axis 1 of ``X``: features as often as data, as ``range(X.shape[1])`` is
    extent = _first_loop_extent(f"import jax.numpy as jnp\n\ndef f(x):\n{bound}    for col in {walked}:\n        pass\n")
    assert (extent.kind, extent.proof) == ("data", "likely")
    assert "walks the columns of" in extent.reason


def test_the_rows_of_an_array_are_proven():
    extent = _first_loop_extent("import jax.numpy as jnp\n\ndef f(x):\n    rows = jnp.asarray(x)\n    for row in rows:\n        pass\n")
    assert (extent.kind, extent.proof) == ("data", "proven")


@pytest.mark.parametrize("default, reported", [(3, False), (300, True)])
def test_a_jnp_arange_walked_is_judged_as_range(tmp_path, default, reported):
    # ``for k in jnp.arange(1, 2 * order, 2)``: odd numbers up to twice the order (its default, 3,
    # makes three steps), not the rows of data
    source = (f"import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef series(x, order={default}):\n    out = jnp.zeros_like(x)\n"
              "    for k in jnp.arange(1, 2 * order, 2):\n        out = out + jnp.sin(k * x) / k\n    return out\n")
    assert bool(scan_program(tmp_path, source, low=False)) is reported


def test_a_count_in_a_settings_mapping_is_not_a_count_of_data(tmp_path):
    source = ("import jax\nimport jax.numpy as jnp\n\nclass Denoiser:\n    def __init__(self, config):\n        self.config = config\n\n"
              "    @jax.jit\n    def refine(self, x, w):\n        for _ in range({count}):\n            x = jnp.tanh(w @ x)\n        return x\n")
    assert scan_program(tmp_path, source.format(count='self.config["extra_steps"]')) == []
    found = scan_program(tmp_path, source.format(count='self.data["n_obs"]').replace("self.config = config", "self.data = config"), low=False)
    assert [f["code"] for f in found] == ["GA103"]


@pytest.mark.parametrize("count, reported", [(15, False), (48, True)])
def test_a_fixed_count_of_iterations_above_twenty_is_unrolled_work(tmp_path, count, reported):
    # 48 projections unrolled under jit are 48 copies of the step; 15 power iterations are a few
    source = (f"import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef project(w, cap):\n    for _ in range({count}):\n"
              "        over = jnp.clip(w - cap, 0.0)\n        w = w - over + over.mean(0, keepdims=True)\n    return w\n")
    assert [f["code"] for f in scan_program(tmp_path, source, low=False)] == (["GA103"] if reported else [])


@pytest.mark.parametrize("default, reported", [(4, False), (32, True)])
def test_a_setting_read_with_a_stated_default_counts_as_that_default(tmp_path, default, reported):
    # ``n = self.cfg.get("n_draws", 32)``: the code states 32 draws
    source = ("import jax\nimport jax.numpy as jnp\n\nclass Sampler:\n    def __init__(self, cfg):\n        self.cfg = cfg\n\n"
              "    @jax.jit\n    def draws(self, key, x):\n"
              f"        n = self.cfg.get(\"n_draws\", {default})\n        out = []\n        for i in range(n):\n"
              "            out.append(jnp.tanh(x * jax.random.normal(jax.random.fold_in(key, i), x.shape)))\n        return jnp.stack(out)\n")
    assert bool(scan_program(tmp_path, source, low=False)) is reported
