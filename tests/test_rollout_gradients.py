"""GA102 on rollout gradients (``analysis/rollout_gradients.py``): a gradient taken at each
state a loop carries, whose result feeds only totals, is one ``jax.vmap`` over the kept states.
The look-alikes are sequential: SGD and momentum (the gradient moves the point it is taken at),
Langevin steps (it moves the state), a rollout that stops on the gradient, a few steps."""

from __future__ import annotations

import pytest

from conftest import scan_program


def _line(source: str, text: str) -> int:
    return next(n for n, line in enumerate(source.splitlines(), 1) if text in line)


HEAD = '''
import jax
import jax.numpy as jnp
from jax.tree_util import tree_map


def logp(p, obs, act):
    return jnp.sum(jax.nn.log_softmax(obs @ p)[act])
'''

FOR_ROLLOUT = HEAD + '''

def importance(params, env, key, obs, st, max_steps):
    acc = tree_map(jnp.zeros_like, params)
    for t in range(max_steps):
        act = jnp.argmax(obs @ params)
        g = jax.grad(logp)(params, obs, act)
        acc = tree_map(lambda a, b: a + b ** 2, acc, g)
        obs, st, done = env.step(key, st, act)
    return acc


def run(params, env, key, obs, st):
    return importance(params, env, key, obs, st, 500)
'''

WHILE_ROLLOUT = HEAD + '''

def importance(params, env, key, obs, st, max_steps):
    total = jnp.zeros_like(params)
    t = 0
    done = False
    while not done and t < max_steps:
        act = jnp.argmax(obs @ params)
        g = jax.grad(lambda p: logp(p, obs, act))(params)
        total += g ** 2
        obs, st, done = env.step(key, st, act)
        t += 1
    return total


def run(params, env, key, obs, st):
    return importance(params, env, key, obs, st, 500)
'''


STEP_FUNCTION = HEAD + '''

def importance(params, env, key, obs, st, max_steps=500):
    acc = tree_map(jnp.zeros_like, params)
    done = False
    t = 0
    while (not done) and (t < max_steps):
        flat = {}
        for k, o in obs.items():
            flat[k] = jnp.reshape(o, (1, -1))

        def step_loss(p):
            return sum(jnp.sum(jnp.tanh(v @ p) ** 2) for v in flat.values())

        g = jax.grad(step_loss)(params)
        sq = tree_map(lambda x: x ** 2, g)
        acc = tree_map(lambda a, b: a + b, acc, sq)
        obs, st, done = env.step(key, st, 0)
        t += 1
    return acc
'''


@pytest.mark.parametrize("source", [FOR_ROLLOUT, WHILE_ROLLOUT, STEP_FUNCTION], ids=["for", "while", "step_function"])
def test_a_gradient_per_visited_state_feeding_only_a_total_is_one_vmap(tmp_path, source):
    findings = scan_program(tmp_path, source)
    found = [f for f in findings if f["code"] == "GA102"]
    assert [f["line"] for f in found] == [_line(source, "g = jax.grad(")]
    assert "at the state the loop carries (`obs`" in found[0]["message"] and "jax.vmap" in found[0]["message"]
    assert found[0]["fix"] is None


SEQUENTIAL = {
    "sgd": '''
def fit(params, env, key, obs, st, max_steps):
    for t in range(max_steps):
        g = jax.grad(logp)(params, obs, 0)
        params = params - 0.1 * g
        obs, st, done = env.step(key, st, 0)
    return params
''',
    "momentum": '''
def fit(params, env, key, obs, st, max_steps):
    m = jnp.zeros_like(params)
    for t in range(max_steps):
        g = jax.grad(logp)(params, obs, 0)
        m = m + g
        params = params - 0.1 * m
        obs, st, done = env.step(key, st, 0)
    return params
''',
    "langevin": '''
def sample(params, x, key, n_steps):
    for t in range(n_steps):
        key, sub = jax.random.split(key)
        g = jax.grad(logp, argnums=1)(params, x, 0)
        x = x + 0.01 * g + 0.1 * jax.random.normal(sub, x.shape)
    return x
''',
    "stops_on_it": '''
def probe(params, env, key, obs, st, max_steps):
    acc = jnp.zeros_like(params)
    for t in range(max_steps):
        g = jax.grad(logp)(params, obs, 0)
        acc = acc + g
        if jnp.linalg.norm(acc) > 10.0:
            break
        obs, st, done = env.step(key, st, 0)
    return acc
''',
    "temporary_moves_state": '''
def probe(params, env, key, obs, st, max_steps):
    acc = jnp.zeros_like(params)
    for t in range(max_steps):
        g = jax.grad(logp, argnums=1)(params, obs, 0)
        step = 0.1 * g
        acc = acc + step
        obs = obs + step
    return acc
''',
    "few_steps": '''
def probe(params, env, key, obs, st):
    acc = jnp.zeros_like(params)
    for t in range(4):
        g = jax.grad(logp)(params, obs, 0)
        acc = acc + g
        obs, st, done = env.step(key, st, 0)
    return acc
''',
}


@pytest.mark.parametrize("name", sorted(SEQUENTIAL))
def test_sequential_look_alikes_stay_silent(tmp_path, name):
    source = HEAD + SEQUENTIAL[name] + "\n\ndef run(*a):\n    return jax.jit(lambda *b: 0)(*a)\n"
    findings = scan_program(tmp_path, source)
    assert not [f for f in findings if f["code"] == "GA102"], findings
