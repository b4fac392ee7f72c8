# Source: https://github.com/vincekurtz/rddp/blob/3c862cd7b3f9cdc09029a975850a51ad16d1ca6a/rddp/ocp.py
# Title: rddp/ocp.py (vincekurtz/rddp)
# Cut: kept OptimalControlProblem with its scan-based rollout verbatim (docstrings shortened).
from typing import Tuple

import jax
import jax.numpy as jnp
from brax.envs.base import PipelineEnv, State


class OptimalControlProblem:
    """min J = sum_t l(x_t, u_t, t), s.t. x_{t+1} = f(x_t, u_t)."""

    def __init__(self, env: PipelineEnv, num_steps: int, u_max: float = 1.0):
        self.env = env
        self.num_steps = num_steps
        self.u_max = u_max

    def rollout(
        self, initial_state: State, control_tape: jnp.ndarray
    ) -> Tuple[jnp.ndarray, State]:
        def scan_fn(carry: Tuple, u: jnp.ndarray):
            x, cost = carry
            u = self.u_max * jnp.tanh(u / self.u_max)
            cost -= x.reward * (1 - x.done)
            x_next = self.env.step(x, u)
            return (x_next, cost), x

        (final_state, total_cost), state_trajectory = jax.lax.scan(
            scan_fn, (initial_state, 0.0), control_tape
        )

        # Account for the last state x_T
        state_trajectory = jax.tree.map(
            lambda x, y: jnp.concatenate([x, jnp.expand_dims(y, 0)]),
            state_trajectory,
            final_state,
        )
        total_cost -= final_state.reward * (1 - final_state.done)

        return total_cost, state_trajectory
