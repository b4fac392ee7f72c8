# Source: https://github.com/instadeepai/jumanji/blob/590005b0fb305b1a98a4828bfb6b2ea28b47dd5b/jumanji/environments/routing/mmst/env.py
# Title: jumanji/environments/routing/mmst/env.py (MMST: multi-agent minimum spanning tree routing environment)
# Cut: kept the default generator (3 agents) from __init__ and the first half of step (per-agent update, then active edges);
#      the rest of step (reward, timestep), the docstrings, the specs and the viewer are dropped. step is jitted by the training loop.
from typing import Optional, Tuple

import chex
import jax
import jax.numpy as jnp

from jumanji.env import Environment
from jumanji.environments.routing.mmst.constants import INVALID_CHOICE, INVALID_NODE, INVALID_TIE_BREAK
from jumanji.environments.routing.mmst.generator import SplitRandomGenerator
from jumanji.environments.routing.mmst.types import Observation, State
from jumanji.environments.routing.mmst.utils import update_active_edges
from jumanji.types import TimeStep


class MMST(Environment[State, object, Observation]):
    def __init__(self, generator=None, reward_fn=None, time_limit: int = 70, viewer=None):
        self._generator = generator or SplitRandomGenerator(
            num_nodes=36,
            num_edges=72,
            max_degree=5,
            num_agents=3,
            num_nodes_per_agent=4,
            max_step=time_limit,
        )
        self.num_agents = self._generator.num_agents

    def step(self, state: State, action: chex.Array) -> Tuple[State, TimeStep[Observation]]:
        def step_agent_fn(
            connected_nodes: chex.Array,
            conn_index: chex.Array,
            action: chex.Array,
            node: int,
            indices: chex.Array,
            agent_id: int,
        ) -> Tuple[chex.Array, ...]:
            is_invalid_choice = jnp.any(action == INVALID_CHOICE) | jnp.any(
                action == INVALID_TIE_BREAK
            )
            is_valid = (~is_invalid_choice) & (node != INVALID_NODE)
            connected_nodes, conn_index, new_node, indices = jax.lax.cond(
                is_valid,
                self._update_conected_nodes,
                lambda *_: (
                    connected_nodes,
                    conn_index,
                    state.positions[agent_id],
                    indices,
                ),
                connected_nodes,
                conn_index,
                node,
                indices,
            )

            return connected_nodes, conn_index, new_node, indices

        key, step_key = jax.random.split(state.key)
        action, next_nodes = self._trim_duplicated_invalid_actions(state, action, step_key)

        connected_nodes = jnp.zeros_like(state.connected_nodes)
        connected_nodes_index = jnp.zeros_like(state.connected_nodes_index)
        agents_pos = jnp.zeros_like(state.positions)
        position_index = jnp.zeros_like(state.position_index)

        for agent in range(self.num_agents):
            conn_nodes_i, conn_nodes_id, pos_i, pos_ind = step_agent_fn(
                state.connected_nodes[agent],
                state.connected_nodes_index[agent],
                action[agent],
                next_nodes[agent],
                state.position_index[agent],
                agent,
            )

            connected_nodes = connected_nodes.at[agent].set(conn_nodes_i)
            connected_nodes_index = connected_nodes_index.at[agent].set(conn_nodes_id)
            agents_pos = agents_pos.at[agent].set(pos_i)
            position_index = position_index.at[agent].set(pos_ind)

        active_node_edges = update_active_edges(
            self.num_agents, state.node_edges, agents_pos, state.node_types
        )
        return active_node_edges
