# Source: https://github.com/google-research/runtime-error-prediction/blob/1eefe57183434a754171dd3db893831d45d12671/core/models/ggnn.py
# Title: runtime-error-prediction core/models/ggnn.py (Gated Graph Neural Network, flax linen)
# Cut: GGNNLayer body shortened to the message/segment_sum/GRU update; GGNNModule kept up to the layer loop, output head cut
from typing import Any

from flax import linen as nn
import jax
import jax.numpy as jnp


class GGNNLayer(nn.Module):
  info: Any
  config: Any
  num_nodes: int
  hidden_size: int

  @nn.compact
  def __call__(
      self,
      node_embeddings,
      source_indices,
      dest_indices,
      edge_types,
      num_edges):
    """Apply GGNN layer."""
    num_nodes = self.num_nodes
    hidden_size = self.hidden_size

    gru_cell = nn.recurrent.GRUCell(name='gru_cell')

    num_edge_types = 6
    max_num_edges = edge_types.shape[0]
    edge_dense = nn.Dense(  # Used for creating key/query/values.
        name='edge_dense',
        features=num_edge_types * hidden_size,
        kernel_init=nn.initializers.xavier_uniform(),
        bias_init=nn.initializers.normal(stddev=1e-6))

    source_embeddings = node_embeddings[source_indices]
    new_source_embeddings_all_types = edge_dense(source_embeddings)
    new_source_embeddings_by_type = (
        new_source_embeddings_all_types.reshape(
            (-1, num_edge_types, hidden_size)))
    new_source_embeddings = (
        new_source_embeddings_by_type[jnp.arange(max_num_edges), edge_types, :])
    new_source_embeddings = jnp.where(
        (jnp.arange(max_num_edges) < num_edges)[:, None],
        new_source_embeddings,
        0
    )

    proposed_node_embeddings = jax.ops.segment_sum(
        data=new_source_embeddings,
        segment_ids=dest_indices,
        num_segments=num_nodes,
    )
    # proposed_node_embeddings.shape: num_nodes, hidden_state

    _, outputs = gru_cell(proposed_node_embeddings, node_embeddings)
    return outputs


class GGNNModule(nn.Module):
  """GGNN model. Operates on batches of batch_size."""

  config: Any
  info: Any

  @nn.compact
  def __call__(
      self,
      node_embeddings,
      edge_sources,
      edge_dests,
      edge_types,
      num_edges,
      step_limits):
    config = self.config
    info = self.info

    num_edges = jnp.squeeze(num_edges, axis=-1)
    steps_all = jnp.squeeze(step_limits, axis=-1)
    # steps_all.shape: batch_size
    source_indices = edge_sources
    dest_indices = edge_dests
    hidden_size = config.hidden_size
    num_nodes = node_embeddings.shape[1]

    max_steps = config.max_steps

    gnn_layer_single_example = GGNNLayer(
        info=info,
        config=config,
        num_nodes=num_nodes,
        hidden_size=hidden_size,
    )
    gnn_layer = jax.vmap(gnn_layer_single_example)

    # node_embeddings.shape: batch_size, num_nodes, hidden_size
    if config.ggnn_use_fixed_num_layers:
      for step in range(config.ggnn_layers):
        node_embeddings = gnn_layer(
            node_embeddings,
            source_indices,
            dest_indices,
            edge_types,
            num_edges)
    else:
      # Run one layer per allowed step of execution.
      for step in range(max_steps):
        new_node_embeddings = gnn_layer(
            node_embeddings,
            source_indices,
            dest_indices,
            edge_types,
            num_edges)
        # steps_all.shape: batch_size
        valid = jnp.expand_dims(step < steps_all, axis=(1, 2))
        # valid.shape: batch_size, 1, 1
        node_embeddings = jnp.where(
            valid,
            new_node_embeddings,
            node_embeddings)
    return node_embeddings
