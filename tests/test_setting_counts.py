"""What a loop count read from a configuration object says (``range(args.num_steps)`` with
``args`` a parameter): a setting that counts steps, samples or points grows with the data (a
likely size); one that counts layers or heads is small; any other is unknown. And a name whose
last part says data rows (``tasks_xs``) is not a collection, whatever comes before."""

from __future__ import annotations

from conftest import scan_program

PROGRAM = '''import jax
import jax.numpy as jnp


def make_fns(args):
    @jax.jit
    def gae(values, rewards):
        adv = jnp.zeros_like(rewards)
        last = 0.0
        for t in reversed(range(args.num_steps)):
            last = rewards[t] + args.gamma * values[t + 1] - values[t] + args.gamma * last
            adv = adv.at[t].set(last)
        return adv

    @jax.jit
    def deep(x, ws):
        for i in range(args.num_layers):
            x = jnp.tanh(ws[i] @ x)
        return x

    @jax.jit
    def seeded(x):
        for i in range(args.seed):
            x = jnp.tanh(x)
        return x

    return gae, deep, seeded


def loss(params, x, y):
    return jnp.mean((jnp.tanh(x @ params) - y) ** 2)


def meta_loss(params, tasks_xs, tasks_ys):
    losses = [loss(params, a, b) for a, b in zip(tasks_xs, tasks_ys)]
    return jnp.mean(jnp.stack(losses))


meta_grad = jax.jit(jax.grad(meta_loss))
'''


def test_settings_and_data_heads(tmp_path):
    found = {f["line"]: f for f in scan_program(tmp_path, PROGRAM)}
    assert sorted((line, f["code"]) for line, f in found.items()) == [(10, "GA103"), (35, "GA101")], found
    assert found[10]["confidence"] == "medium"
    assert any("a setting of the parameter `args` that counts steps" in line for line in found[10]["evidence"])
