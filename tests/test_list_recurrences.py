"""A list that each step appends to, computing the new item from the last one
(``ys.append(ys[-1] + dt * f(ys[-1]))``, or ``g.insert(0, r[t] + gamma * g[0])`` from the front), carries its last item from step to step: the
recurrence is GA103's, with the scan advice. A list whose last item is only looked at is not
a recurrence."""

from __future__ import annotations

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
