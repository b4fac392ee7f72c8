"""Two counts the code names rather than writes as numbers.

A window whose width is a name (``x[i:i + k]`` with ``k = w.shape[0]``, or ``y[t - p:t]``)
contracted with a kernel per position is a correlation, as a window of literal width is (GA201).
A fixed count of time steps (``n_steps``, ``T``, ``horizon``) of 20 or more, written in the
loop's function or passed by every caller, is a rollout a ``lax.scan`` walks (GA103); other fixed
counts (power iterations, rounds) stay small below 100."""

from __future__ import annotations

import pytest
from conftest import scan_program

WINDOW = '''
import jax
import jax.numpy as jnp

def conv(x, w):
    k = w.shape[0]
    return jnp.array([{element} for i in range({count})])

g = jax.grad(lambda w, x: jnp.sum(conv(x, w) ** 2))
'''


@pytest.mark.parametrize(
    ("element", "count"),
    [
        ("x[i:i + k] @ w", "x.shape[0] - k + 1"),
        ("jnp.dot(x[i - k:i], w)", "k, x.shape[0]"),
    ],
)
def test_a_window_of_named_width_per_position_is_a_correlation(tmp_path, element, count):
    found = scan_program(tmp_path, WINDOW.format(element=element, count=count), low=False)
    assert [f["code"] for f in found] == ["GA201"]
    assert "jnp.correlate(x, w" in found[0]["message"]
    assert found[0]["fix"] is None  # advice only


def test_a_window_whose_width_reads_the_index_is_not_a_window(tmp_path):
    # x[i:i + i]: a prefix growing with the index, not a sliding window
    found = scan_program(tmp_path, WINDOW.format(element="jnp.sum(x[i:i + i])", count="x.shape[0]"))
    assert not any("correlat" in f["message"] for f in found)


ROLLOUT = '''
import jax
import jax.numpy as jnp

def step(p, x):
    return x + 0.01 * jnp.tanh(p @ x)

def rollout(p, x0, {param}):
    x = x0
    for _ in range({param}):
        x = step(p, x)
    return x

def loss(p, x0):
    return jnp.sum(rollout(p, x0, {count}) ** 2)

g = jax.jit(jax.grad(loss))
'''


@pytest.mark.parametrize("param", ["n_steps", "horizon", "T", "num_steps"])
def test_time_steps_passed_by_every_caller_are_data_from_twenty(tmp_path, param):
    found = scan_program(tmp_path, ROLLOUT.format(param=param, count=50), low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA103", 10)]
    assert "`50` = 50" in "\n".join(found[0]["evidence"])


@pytest.mark.parametrize(("param", "count"), [("n_steps", 10), ("iters", 20), ("n", 20)])
def test_few_time_steps_and_other_counts_below_twenty_four_stay_small(tmp_path, param, count):
    assert scan_program(tmp_path, ROLLOUT.format(param=param, count=count)) == []


POWER = '''
import jax
import jax.numpy as jnp

@jax.jit
def f(A, v):
    {name} = 22
    for _ in range({name}):
        v = A @ v
        v = v / jnp.linalg.norm(v)
    return v
'''


def test_a_literal_count_named_as_time_steps_is_reported_and_others_are_not(tmp_path):
    assert [f["code"] for f in scan_program(tmp_path, POWER.format(name="T"), low=False)] == ["GA103"]
    assert scan_program(tmp_path, POWER.format(name="n_power")) == []


ADAPT = '''
import jax
import jax.numpy as jnp

def loss(p, x, y):
    return jnp.mean((x @ p - y) ** 2)

def adapt(p, x, y, num_steps=20, lr=0.1):
    for _ in range(num_steps):
        p = p - lr * jax.grad(loss)(p, x, y)
    return p

@jax.jit
def meta_loss(p, x, y, xq, yq):
    return loss(adapt(p, x, y), xq, yq)
'''


def test_an_optimisation_loop_counts_iterations_not_time_steps(tmp_path):
    # Each step takes a derivative: 20 steps of gradient descent are iterations, small below 24
    # (a count named as time steps would be data from 20).
    assert scan_program(tmp_path, ADAPT) == []
    assert [f["code"] for f in scan_program(tmp_path, ADAPT.replace("num_steps=20", "num_steps=200"), low=False)] == ["GA103"]


LAGS = '''
import jax
import jax.numpy as jnp


@jax.jit
def returns_to_go(rewards, gamma):
    n = rewards.shape[0]
    powers = gamma ** jnp.arange(n)
    return jnp.array([{element} for t in range({count})])
'''


@pytest.mark.parametrize("element", ["powers[:n - t] @ rewards[t:n]", "jnp.sum(powers[:n - t] * rewards[t:])", "jnp.dot(rewards[t:], powers[:n - t])"])
def test_a_head_and_a_tail_contracted_per_lag_are_one_correlation(tmp_path, element):
    found = scan_program(tmp_path, LAGS.format(element=element, count="n"), low=False)
    assert [f["code"] for f in found] == ["GA201"]
    assert '`jnp.correlate(rewards[:n], powers[:n], mode="full")[n - 1:]`' in found[0]["message"] and found[0]["fix"] is None


@pytest.mark.parametrize("element, count", [
    ("powers[:n - t] @ rewards[t:n]", "4"),  # four lags: small
    ("powers[:n - t] @ rewards[:n - t]", "n"),  # two heads: no lag between them
])
def test_few_lags_or_aligned_windows_are_not_a_correlation(tmp_path, element, count):
    found = scan_program(tmp_path, LAGS.format(element=element, count=count))
    assert not any("correlation" in f["message"] for f in found)
