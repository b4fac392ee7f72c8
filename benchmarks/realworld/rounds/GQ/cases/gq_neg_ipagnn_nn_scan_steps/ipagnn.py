# Source: https://github.com/google-research/runtime-error-prediction/blob/1eefe57183434a754171dd3db893831d45d12671/core/modules/ipagnn/ipagnn.py
# Title: runtime-error-prediction core/modules/ipagnn/ipagnn.py (IPA-GNN module: max_steps layer applications via nn.scan)
# Cut: IPAGNNLayer (defined earlier in the same file) imported instead; raise-node padding and docstring inputs cut; the scanned call and the per-example helpers kept
from typing import Any

from flax import linen as nn
import jax
import jax.numpy as jnp

from core.modules.ipagnn.layer import IPAGNNLayer


class IPAGNNModule(nn.Module):
  """IPAGNN model with batch dimension (not graph batching)."""

  info: Any
  config: Any

  max_steps: int

  def setup(self):
    info = self.info
    config = self.config

    # TODO(dbieber): Once linen makes it possible, set prevent_cse=False.
    IPAGNNLayerRemat = nn.remat(IPAGNNLayer)
    self.ipagnn_layer_scan = nn.scan(
        IPAGNNLayerRemat,
        variable_broadcast='params',
        split_rngs={'params': False},
        in_axes=nn.broadcast,
        length=self.max_steps,
    )(info=info, config=config)

  def __call__(
      self,
      node_embeddings,
      edge_sources,
      edge_dests,
      edge_types,
      true_indexes,
      false_indexes,
      raise_indexes,
      start_node_indexes,
      exit_node_indexes,
      step_limits,
  ):
    config = self.config
    hidden_size = config.hidden_size
    batch_size, num_nodes, unused_hidden_size = node_embeddings.shape
    start_node_indexes = jnp.squeeze(start_node_indexes, axis=-1)
    exit_node_indexes = jnp.squeeze(exit_node_indexes, axis=-1)

    def zero_node_embedding_single_example(node_embeddings, index):
      # node_embeddings.shape: num_nodes, hidden_size
      return node_embeddings.at[index, :].set(0)
    zero_node_embedding = jax.vmap(zero_node_embedding_single_example)

    # Set the initial node embedding for the exit node to zero.
    node_embeddings = zero_node_embedding(node_embeddings, exit_node_indexes)
    raise_node_indexes = exit_node_indexes + 1

    # Initialize hidden states and soft instruction pointer.
    current_step = jnp.zeros((batch_size,), dtype=jnp.int32)
    hidden_states = self.ipagnn_layer_scan.lstm.initialize_carry(
        jax.random.PRNGKey(0),
        (batch_size, num_nodes,), hidden_size)

    def make_instruction_pointer(start_node_index):
      return jnp.zeros((num_nodes,)).at[start_node_index].set(1)
    instruction_pointer = jax.vmap(make_instruction_pointer)(start_node_indexes)
    # instruction_pointer.shape: batch_size, num_nodes

    attribution = jnp.zeros((batch_size, num_nodes, num_nodes))

    # Run self.max_steps steps of IPAGNNLayer.
    (hidden_states, instruction_pointer, attribution, current_step), aux = self.ipagnn_layer_scan(
        # State:
        (hidden_states, instruction_pointer, attribution, current_step),
        # Inputs:
        node_embeddings,
        edge_sources,
        edge_dests,
        edge_types,
        true_indexes,
        false_indexes,
        raise_indexes,
        exit_node_indexes,
        raise_node_indexes,
        step_limits,
    )

    def get_hidden_state_single_example(hidden_states, node_index):
      # leaves(hidden_states).shape: num_nodes, hidden_size
      # exit_index.shape: scalar.
      return jax.tree_map(lambda hs: hs[node_index], hidden_states)
    exit_node_hidden_states = jax.vmap(get_hidden_state_single_example)(
        hidden_states, exit_node_indexes)
    return exit_node_hidden_states, aux
