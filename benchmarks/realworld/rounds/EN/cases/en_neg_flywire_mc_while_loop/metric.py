# Source: https://github.com/harinarayansriram/mfas-combined/blob/1edc8ee951374e3c93a01e24aa44736e5e6cfe83/original_code/justin-gert/functions.py
# Title: original_code/justin-gert/functions.py (calculate_node_forward)
# Cut: commented-out prints dropped.
import jax.numpy as jnp


def calculate_node_forward(source_orders, target_orders, edge_weights):
    forward_edges = source_orders < target_orders
    negative_edges = source_orders > target_orders
    zero_edges = source_orders == target_orders

    # Calculate total forward edge weight
    forward_edge_weight = jnp.sum(edge_weights * forward_edges)
    negative_edges_weight = jnp.sum(edge_weights * negative_edges)
    zero_edges_weight = jnp.sum(edge_weights * zero_edges)

    # Calculate total edge weight (for normalization)
    total_edge_weight = jnp.sum(edge_weights)
    percentage_forward = 100 * (forward_edge_weight / total_edge_weight)
    return percentage_forward
