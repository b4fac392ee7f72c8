"""A Python loop that repeats a step function which the same function already runs with
``lax.scan`` (a sampler's extra final steps) repeats it a set number of times: low, with the
reason; the same step unrolled over the whole sequence keeps its confidence."""

from __future__ import annotations

from conftest import scan_program

PROGRAM = '''
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("T", "repeat_last"))
def sample(params, x0, T, repeat_last):
    def step(x, t):
        return x - 0.1 * jnp.tanh(params * x + t), ()

    x, _ = jax.lax.scan(step, x0, jnp.arange(T))
    for _ in range(repeat_last):
        x, _ = step(x, 0)
    return x


@partial(jax.jit, static_argnames=("T",))
def rollout(params, x0, T):
    def step(x, t):
        return x - 0.1 * jnp.tanh(params * x + t), ()

    x = x0
    for t in range(T):
        x, _ = step(x, t)
    return x


def use(params, x0, cfg):
    return sample(params, x0, 1000, cfg.repeat_last) + rollout(params, x0, 1000)
'''


def test_repeating_a_scanned_step_is_low(tmp_path):
    findings = {f["line"]: f for f in scan_program(tmp_path, PROGRAM)}
    lines = PROGRAM.splitlines()
    repeat = next(n for n, text in enumerate(lines, 1) if "for _ in range(repeat_last)" in text)
    unrolled = next(n for n, text in enumerate(lines, 1) if "for t in range(T)" in text)
    assert findings[repeat]["code"] == "GA103" and findings[repeat]["confidence"] == "low"
    assert any("already runs over the sequence" in item for item in findings[repeat]["evidence"])
    assert findings[unrolled]["confidence"] == "high"
