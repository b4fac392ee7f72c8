# Source: https://github.com/pedronahum/stochastic-optimization/blob/bb3d99b0ed8569ace4f37f3dd356447bc2cb531e/core/simulator.py
# Title: core/simulator.py
# Cut: whole file (protocols and rollout), unchanged apart from the header.
from __future__ import annotations

from typing import Any, Protocol, Tuple

import jax

PRNGKey = jax.Array
Array = jax.Array


class Model(Protocol):
    def reset(self, *, key: PRNGKey) -> Any: ...
    def step(self, state: Any, action: Any, *, key: PRNGKey) -> Tuple[Any, Array]: ...


class Policy(Protocol):
    def act(self, state: Any, *, key: PRNGKey) -> Any: ...


def rollout(model: Model, policy: Policy, horizon: int, *, key: PRNGKey) -> Array:
    """Vectorised, JIT-friendly simulation."""

    def _body(carry: tuple[Any, PRNGKey], _: None) -> tuple[tuple[Any, PRNGKey], Any]:
        state, k = carry
        k, sub = jax.random.split(k)
        action = policy.act(state, key=sub)
        k, sub = jax.random.split(k)
        state, reward = model.step(state, action, key=sub)
        return (state, k), reward

    state = model.reset(key=key)
    (_, _), rewards = jax.lax.scan(_body, (state, key), xs=None, length=horizon)
    return rewards

