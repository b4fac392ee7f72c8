# Source: https://github.com/harinarayansriram/mfas-combined/blob/1edc8ee951374e3c93a01e24aa44736e5e6cfe83/original_code/justin-gert/functions.py
# Title: original_code/justin-gert/functions.py (FlyWire MFAS challenge: maximally feedforward neuron ordering)
# Cut: kept normalize_positions, calculate_node_forward, calculate_metric and the jitted objective;
#      dropped the Monte Carlo swap search and compute_total_forward_weight.
import jax
import jax.numpy as jnp
import optax
from jax import random, jit


def calculate_node_forward(source_orders, target_orders, edge_weights):
    forward_edges = source_orders < target_orders
    # Calculate total forward edge weight
    forward_edge_weight = jnp.sum(edge_weights * forward_edges)
    # Calculate total edge weight (for normalization)
    total_edge_weight = jnp.sum(edge_weights)
    percentage_forward = 100 * (forward_edge_weight / total_edge_weight)
    return percentage_forward


def calculate_metric(
    positions, num_nodes, source_indices, target_indices, edge_weights
):
    # Get final positions
    final_positions = positions  # jnp.dot(positions, w)

    # Sort node indices based on positions
    sorted_indices = jnp.argsort(final_positions)
    node_order = jnp.zeros(num_nodes)
    node_order = node_order.at[sorted_indices].set(jnp.arange(num_nodes))

    source_order = node_order[source_indices]
    target_order = node_order[target_indices]
    return calculate_node_forward(source_order, target_order, edge_weights)


@jax.jit
def objective_function(
    relu_weight,
    positions,
    beta,
    source_indices,
    target_indices,
    edge_weights,
):
    # Project each neuron embedding onto the learnable direction w
    proj_source = positions[source_indices]
    proj_target = positions[target_indices]
    delta = proj_source - proj_target

    sigmoid = jax.nn.sigmoid(beta * delta)  # * jax.nn.sigmoid(delta * 10000)
    relu = 0  # jax.nn.relu(delta)# - (relu_weight))
    total_forward_weight = jnp.sum(edge_weights * (sigmoid + relu_weight * relu))
    return total_forward_weight  # + reg
