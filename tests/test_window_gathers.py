"""Sliding windows gathered one position at a time (GA101, advice).

``jnp.stack([x[i:i + w] for i in range(n - w + 1)])`` takes one slice per position: under
``grad`` each transposes into a pad into a full-size array of zeros. One gather with the starts
as a column and the offsets as a row takes them all. Look-alikes: prefixes (``x[:i]``), windows
whose width moves with the index, a few positions, and windows concatenated rather than stacked.
"""

from __future__ import annotations

import pytest
from conftest import scan_program

COMPREHENSION = '''
import jax
import jax.numpy as jnp

def loss(params, traj, w):
    x = jnp.stack([{window} for t in {iterable}]{axis})
    return jnp.sum(jnp.tanh(x) * params)

g = jax.grad(loss)
'''


def test_a_stack_of_windows_is_one_gather(tmp_path):
    source = COMPREHENSION.format(window="traj[t:t + w]", iterable="range(traj.shape[0] - w + 1)", axis="")
    found = scan_program(tmp_path, source, low=False)
    assert [f["code"] for f in found] == ["GA101"]
    assert "gathers one window of `traj` per position" in found[0]["message"]
    assert "traj[jnp.arange(traj.shape[0] - w + 1)[:, None] + jnp.arange(w)]" in found[0]["message"]
    assert found[0]["fix"] is None


def test_windows_along_a_later_axis_are_taken_along_it(tmp_path):
    source = COMPREHENSION.format(window="traj[:, t:t + w]", iterable="range(traj.shape[1] - w + 1)", axis=", axis=1")
    found = scan_program(tmp_path, source, low=False)
    assert [f["code"] for f in found] == ["GA101"]
    assert "jnp.take(traj, jnp.arange(traj.shape[1] - w + 1)[:, None] + jnp.arange(w), axis=1)" in found[0]["message"]
    assert "moveaxis" not in found[0]["message"]


@pytest.mark.parametrize("window, iterable", [
    ("traj[:t]", "range(traj.shape[0])"),  # prefixes: a different length each
    ("traj[t:2 * t]", "range(traj.shape[0] // 2)"),  # the width moves with the index
    ("traj[t:t + w]", "range(3)"),  # three positions
])
def test_prefixes_moving_widths_and_few_positions_are_not_window_gathers(tmp_path, window, iterable):
    source = COMPREHENSION.format(window=window, iterable=iterable, axis="")
    assert [f for f in scan_program(tmp_path, source) if f["code"] == "GA101"] == []


APPENDED = '''
import jax
import jax.numpy as jnp

class Agent:
    def label(self, observations):
        windows = []
        size = 2 + self.cfg.context_len
        for i in range(observations.shape[1] - size + 1):
            window = observations[:, i:i + size]
            windows.append(window)
        windows = jnp.{join}(windows, axis=1)
        return windows

    def loss(self, params, observations):
        return jnp.sum(params * self.label(observations))

    def step(self, params, observations):
        return jax.grad(self.loss)(params, observations)
'''


def test_windows_appended_then_stacked_are_one_gather_whatever_the_width(tmp_path):
    # the count is the data's length less a width read from a config: still the data's positions
    found = scan_program(tmp_path, APPENDED.format(join="stack"))
    assert [f["code"] for f in found] == ["GA101"]
    assert "axis=1" in found[0]["message"]


def test_windows_concatenated_are_not_a_stack_of_windows(tmp_path):
    assert [f for f in scan_program(tmp_path, APPENDED.format(join="concatenate")) if f["code"] == "GA101"] == []


PAIRS = '''
import jax
import jax.numpy as jnp

@jax.jit
def median_gap(pts):
    m = {count}
    gaps = []
    for a in range(m):
        for b in range({inner}):
            gaps.append(jnp.linalg.norm(pts[a] - pts[b]))
    return jnp.median(jnp.array(gaps))
'''


def test_a_list_of_values_per_pair_of_a_triangle_is_one_batched_computation(tmp_path):
    found = scan_program(tmp_path, PAIRS.format(count="pts.shape[0]", inner="a + 1, m"), low=False)
    assert [f["code"] for f in found] == ["GA101"]
    assert "jnp.triu_indices(m, k=1)" in found[0]["message"]
    # a temporary of the step written in
    with_temporary = PAIRS.replace("gaps.append(jnp.linalg.norm(pts[a] - pts[b]))", "d = jnp.linalg.norm(pts[a] - pts[b])\n            gaps.append(d)")
    found = scan_program(tmp_path, with_temporary.format(count="pts.shape[0]", inner="a + 1, m"), low=False)
    assert [f["code"] for f in found] == ["GA101"]


@pytest.mark.parametrize("count, inner", [("3", "a + 1, m"), ("pts.shape[0]", "a + 1, a + 3")])
def test_few_points_or_a_band_of_neighbours_are_not_a_triangle_over_data(tmp_path, count, inner):
    found = [f for f in scan_program(tmp_path, PAIRS.format(count=count, inner=inner)) if "triangle" in f["message"]]
    assert found == []
