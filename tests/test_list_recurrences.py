"""A list that each step appends to, computing the new item from the last one
(``ys.append(ys[-1] + dt * f(ys[-1]))``, or ``g.insert(0, r[t] + gamma * g[0])`` from the front), carries its last item from step to step: the
recurrence is GA103's, with the scan advice. A list whose last item is only looked at is not
a recurrence.

The list may also be read by the loop index (``T.append(2 * x * T[n - 1] - T[n - 2])``) or be
preallocated and filled in place at the index (``hist[t] = f(hist[t - 1])``); a NumPy buffer
filled on the host, a list of Python numbers and a list read only at items no step wrote are
look-alikes."""

from __future__ import annotations

import pytest
from conftest import scan_program

PROGRAM = '''import jax
import jax.numpy as jnp


def euler(params, y0, n_steps, dt):
    ys = [y0]
    for t in range(n_steps):
        ys.append(ys[-1] + dt * jnp.tanh(params @ ys[-1]))
    return jnp.stack(ys)


def tracked(params, xs):
    outs = [jnp.zeros(3)]
    best = []
    for x in xs:
        outs.append(jnp.tanh(params @ x))
        best.append(jnp.maximum(outs[-1].sum(), 0.0))
    return jnp.stack(outs[1:]), best


def returns(rewards, gamma):
    g = [rewards[-1]]
    for t in range(rewards.shape[0] - 2, -1, -1):
        g.insert(0, rewards[t] + gamma * g[0])
    return jnp.array(g)


def loss(params, y0, target):
    ys = euler(params, y0, target.shape[0] - 1, 0.01)
    out, _ = tracked(params, target)
    return jnp.mean((ys - target) ** 2) + jnp.sum(out) + jnp.sum(returns(target, 0.9))


g = jax.jit(jax.grad(loss))
'''


def test_a_list_carrying_its_last_item_is_a_recurrence(tmp_path):
    found = [f for f in scan_program(tmp_path, PROGRAM) if f["code"] == "GA103"]
    assert [f["line"] for f in found] == [7, 23], found
    assert "`ys[-1]` is carried from step to step" in found[0]["message"]
    assert "lax.scan" in found[0]["message"] and found[0]["fix"] is None
    assert any("reads `ys[-1]`, added by the step before" in line for line in found[0]["evidence"])
    assert "`g[0]` is carried from step to step" in found[1]["message"] and "reverse=True" in found[1]["message"]


CHEBYSHEV = '''
import jax
import jax.numpy as jnp


def basis(x, n_max):
    T = [jnp.ones_like(x), x]
    for n in range(2, n_max):
        T.append({update})
    return jnp.stack(T)


g = jax.grad(lambda x: jnp.sum(basis(x, 200)))
'''


def test_a_list_grown_per_step_and_read_at_the_index_is_a_recurrence(tmp_path):
    found = scan_program(tmp_path, CHEBYSHEV.format(update="2 * x * T[n - 1] - T[n - 2]"))
    assert [f["code"] for f in found] == ["GA103"]
    assert "newest 2 items of `T`" in found[0]["message"]
    assert any("`T[n - 1]`, added by the step before" in line for line in found[0]["evidence"])


def test_a_list_read_at_and_after_the_index_through_locals_is_a_recurrence(tmp_path):
    # ``range(0, n)`` over a list that starts with two items: ``T[k + 1]`` is the newest item,
    # ``T[k]`` the one before; read into locals first
    source = CHEBYSHEV.format(update="2 * x * a - b").replace("range(2, n_max)", "range(0, n_max - 2)").replace(
        "        T.append(", "        b = T[k]\n        a = T[k + 1]\n        T.append(").replace("for n in", "for k in")
    found = scan_program(tmp_path, source)
    assert [f["code"] for f in found] == ["GA103"]
    assert "newest 2 items of `T`" in found[0]["message"]
    assert any("`T[k + 1]`, added by the step before" in line for line in found[0]["evidence"])


@pytest.mark.parametrize("update", [
    "2 * x * T[0] - T[1]",  # reads only the two starting items: no chain between steps
    "jnp.sin(x * n)",  # reads no item at all
])
def test_a_list_not_read_behind_its_end_is_not_a_recurrence(tmp_path, update):
    found = scan_program(tmp_path, CHEBYSHEV.format(update=update))
    assert not [f for f in found if f["code"] == "GA103"]
    if "T[" in update:
        assert found == []
    else:  # one value per index after the two the list starts with: a map (advice, no rewrite)
        assert [f["code"] for f in found] == ["GA101"] and "starts with" in found[0]["message"] and not found[0].get("fix")


FILLED = '''
import jax
import jax.numpy as jnp
import numpy as np


def rollout(theta, y0, n_steps):
    hist = {start}
    hist[0] = y0
    for t in range(1, n_steps):
        hist[t] = hist[t - 1] + 0.01 * jnp.sin(theta * hist[t - 1])
    return jnp.stack(hist)


step = jax.jit(jax.grad(lambda theta, y0: jnp.sum(rollout(theta, y0, 1000))))
'''


def test_a_preallocated_list_filled_from_its_previous_item_is_a_recurrence(tmp_path):
    found = scan_program(tmp_path, FILLED.format(start="[None] * n_steps"))
    assert [f["code"] for f in found] == ["GA103"]
    assert "`hist[t - 1]` is carried" in found[0]["message"]


def test_a_numpy_buffer_filled_on_the_host_is_not_a_traced_recurrence(tmp_path):
    assert scan_program(tmp_path, FILLED.format(start="np.zeros(n_steps)")) == []


FIBONACCI = '''
import jax
import jax.numpy as jnp


@jax.jit
def weights(x, n):
    fib = [1, 1]
    for i in range(2, n):
        fib.append(fib[i - 1] + fib[i - 2])
    return x * fib[-1]
'''


def test_a_list_of_python_numbers_is_host_arithmetic(tmp_path):
    assert scan_program(tmp_path, FIBONACCI) == []
