# Source: https://github.com/pedronahum/stochastic-optimization/blob/bb3d99b0ed8569ace4f37f3dd356447bc2cb531e/problems/ssp_static/model.py
# Title: problems/ssp_static/model.py (JAX-native model for Stochastic Shortest Path (Static))
# Cut: kept __init__, init_state (random graph built once on the host, stored on self) and the jitted transition; config and docstrings shortened.
from functools import partial

import jax
import jax.numpy as jnp


class SSPStaticModel:
    def __init__(self, config) -> None:
        self.config = config
        self.target_node = (
            config.target_node if config.target_node >= 0
            else config.n_nodes - 1
        )
        self.adjacency = jnp.zeros((config.n_nodes, config.n_nodes), dtype=bool)
        self.edge_lower = jnp.zeros((config.n_nodes, config.n_nodes))
        self.edge_upper = jnp.zeros((config.n_nodes, config.n_nodes))

    def init_state(self, key):
        """Initialize state and generate random graph."""
        key1, key2, key3 = jax.random.split(key, 3)

        edge_probs = jax.random.uniform(
            key1, (self.config.n_nodes, self.config.n_nodes)
        )
        adjacency = (edge_probs < self.config.edge_prob) & \
                   (jnp.arange(self.config.n_nodes)[:, None] !=
                    jnp.arange(self.config.n_nodes)[None, :])  # No self-loops

        # Ensure path from origin to target exists (add edges if needed)
        # Simple approach: ensure each node i has edge to at least i+1
        for i in range(self.config.n_nodes - 1):
            adjacency = adjacency.at[i, i + 1].set(True)

        self.adjacency = adjacency

        edge_lower = jax.random.uniform(
            key2,
            (self.config.n_nodes, self.config.n_nodes),
            minval=self.config.cost_lower_bound,
            maxval=self.config.cost_upper_bound
        ) * adjacency

        edge_upper = edge_lower + jax.random.uniform(
            key3,
            (self.config.n_nodes, self.config.n_nodes),
            minval=0.0,
            maxval=self.config.cost_upper_bound - self.config.cost_lower_bound
        ) * adjacency

        self.edge_lower = edge_lower
        self.edge_upper = edge_upper

        V = jnp.zeros(self.config.n_nodes)
        V = V.at[self.target_node].set(0.0)

        current_node = float(self.config.origin_node)
        state = jnp.concatenate([jnp.array([current_node]), V])
        return state

    @partial(jax.jit, static_argnums=(0,))
    def transition(self, state, decision, exog):
        current_node_idx = state[0].astype(jnp.int32)
        V = state[1:]
        edge_cost = exog.edge_costs[decision]
        next_V_value = V[decision]
        new_V_current = (
            (1 - self.config.learning_rate) * V[current_node_idx] +
            self.config.learning_rate * (edge_cost + next_V_value)
        )
        V_new = V.at[current_node_idx].set(new_V_current)
        new_state = jnp.concatenate([jnp.array([decision], dtype=jnp.float32), V_new])
        return new_state
