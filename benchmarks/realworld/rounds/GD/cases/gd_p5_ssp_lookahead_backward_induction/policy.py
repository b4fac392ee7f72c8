# Source: https://github.com/pedronahum/stochastic-optimization/blob/bb3d99b0ed8569ace4f37f3dd356447bc2cb531e/problems/ssp_dynamic/policy.py
# Title: problems/ssp_dynamic/policy.py (Policies for SSP Dynamic problem)
# Cut: kept LookaheadPolicy.__call__ (jitted backward induction over the lookahead horizon); docstrings shortened, other policies dropped.
from functools import partial
from typing import TYPE_CHECKING, Optional

import jax
import jax.numpy as jnp
from jaxtyping import Array, Float, Int, PyTree
from jaxtyping import PRNGKeyArray as Key

if TYPE_CHECKING:
    from problems.ssp_dynamic.model import SSPDynamicModel

State = Float[Array, "..."]
Decision = Int[Array, ""]


class LookaheadPolicy:
    """Risk-sensitive lookahead policy with percentile-based costs."""

    def __init__(self, theta: float = 0.5) -> None:
        if not 0.0 <= theta <= 1.0:
            raise ValueError("theta must be in [0, 1]")
        self.theta = theta

    @partial(jax.jit, static_argnames=["self", "model"])
    def __call__(
        self,
        params: Optional[PyTree],
        state: State,
        key: Key,
        model: "SSPDynamicModel",
    ) -> Decision:
        current_node_idx = state[0].astype(jnp.int32)
        n = model.config.n_nodes
        horizon = model.config.horizon

        estimated_costs = model.get_estimated_costs(state)
        percentile_factor = (1 - model.spreads) + 2 * model.spreads * self.theta
        adjusted_costs = estimated_costs * percentile_factor

        # Initialize value function V[t][node] = inf, except target
        V = jnp.full((horizon + 1, n), jnp.inf)
        V = V.at[:, model.target_node].set(0.0)

        # Backward induction from horizon-1 to 0
        def backward_step(t: int, V: Float[Array, "H n"]) -> Float[Array, "H n"]:
            """Single backward induction step."""
            def compute_node_value(k: Int[Array, ""]) -> Float[Array, ""]:
                cost_to_go = adjusted_costs[k] + V[t + 1]
                valid_edges = model.adjacency[k]
                cost_to_go = jnp.where(valid_edges, cost_to_go, jnp.inf)
                return jnp.min(cost_to_go)

            new_V_t = jax.vmap(compute_node_value)(jnp.arange(n))
            return V.at[t].set(new_V_t)

        # Run backward induction
        for t in range(horizon - 1, -1, -1):
            V = backward_step(t, V)

        # At time 0, select best neighbor for current node
        cost_to_go = adjusted_costs[current_node_idx] + V[0]
        valid_edges = model.adjacency[current_node_idx]
        cost_to_go = jnp.where(valid_edges, cost_to_go, jnp.inf)

        decision = jnp.argmin(cost_to_go).astype(jnp.int32)
        return decision
