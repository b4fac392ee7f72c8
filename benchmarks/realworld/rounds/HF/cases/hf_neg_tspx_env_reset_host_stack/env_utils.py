# Source: https://github.com/johnnycrab/tspx/blob/da27f29696e4f4d4fa69c0ee0fdc1b18c9e042d9/env_utils.py
# Title: env_utils.py (Utilities for the jumanji TSP environment), johnnycrab/tspx
# Cut: batch_env_reset_and_visit_first (host-side: one reset per instance index, stack, then one vmapped
# step) and state_to_network_rep; the InstancesFromFileGenerator class dropped.
import jax
import jax.numpy as jnp
from jumanji.environments import TSP
from jumanji.environments.routing.tsp.types import State


def batch_env_reset_and_visit_first(tsp_env: TSP, index_keys: [int]):
    """
    Given a `tsp_env` that was created with an `InstancesFromFileGenerator`, creates a batch
    of TSP instances (coordinates given by a list of indices corresponding to the loaded instances), initializes
    them and then takes a first action by simply picking the first city.

    Returns the batch of resulting State and Timestep (batched pytree)
    """
    states = []
    for i in index_keys:
        state, _ = tsp_env.reset(i)
        states.append(state)

    state = jax.tree.map(lambda *v: jnp.stack(v), *states)  # Stack the pytrees, see https://gist.github.com/willwhitney/dd89cac6a5b771ccff18b06b33372c75
    state, timestep = jax.vmap(tsp_env.step, in_axes=(0, None))(state, 0)  # Pick first city
    return state, timestep


def state_to_network_rep(state: State):
    nodes = state.coordinates
    mask = jnp.concatenate((jnp.ones(2, dtype=bool), ~state.visited_mask))
    start_node_idx = state.position   # last visited index
    destination_node_idx = state.trajectory[0]  # the index where we need to return to
    nodes = jnp.concatenate((
        nodes[start_node_idx][None, :],  # Start node comes first
        nodes[destination_node_idx][None, :],   # Then the destination node
        nodes   # Then simply all nodes again. Already visited ones will be masked.
    ), axis=0)
    return {"nodes": nodes, "mask": mask}
