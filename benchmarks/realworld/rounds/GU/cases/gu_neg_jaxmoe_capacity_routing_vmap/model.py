# Source: https://github.com/AllenHW/JAX-MoE/blob/d810a0ff06f608758cbd50d5cfee8c631687ab46/model.py
# Title: JAX-MoE: model.py (haiku MoEBlock with capacity-based routing)
# Cut: kept imports and MoEBlock verbatim; cut Linear/DenseFF bodies (referenced), attention and the transformer
import os
import math
from functools import partial
DEVICE_COUNT = 8
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count={}".format(
    DEVICE_COUNT
)

import jax.numpy as jnp  # noqa: E402
from typing import Dict, List # noqa: E402
from jax import grad, jit, vmap, random # noqa: E402
from jax.sharding import Mesh, PartitionSpec # noqa: E402
from jax.experimental import mesh_utils # noqa: E402
from jax.experimental.shard_map import shard_map # noqa: E402
import jax # noqa: E402
import haiku as hk # noqa: E402


class MoEBlock(hk.Module):
  def __init__(self,
      emd_dim: int,
      hidden_dim: int,
      num_experts: int = 8,
      active_experts: int = 2,
      expert_capacity: float = 1.0,
      ff_bias: bool = False,
      multi_device=True,
      name: str = None
  ):
    super().__init__(name)
    if multi_device:
      assert num_experts <= DEVICE_COUNT or num_experts % DEVICE_COUNT == 0
    assert active_experts <= num_experts
    self.expert_capacity = expert_capacity
    self.top_k = active_experts

    
    self.emd_dim = emd_dim
    self.hidden_dim = hidden_dim
    self.ff_bias = ff_bias
    self.num_experts = num_experts
    self.router = Linear(emd_dim, num_experts)

    self.multi_device = multi_device
  
  def _compute_expert_scores(self, x_flat: jax.Array) -> jax.Array:
    expert_scores = self.router(x_flat.astype(jnp.float32)) # (B * t) x num_experts
    expert_scores, expert_assignment = jax.lax.top_k(expert_scores, k=self.top_k) # (B * t) x top_k
    expert_scores = jax.nn.softmax(expert_scores, axis=-1).astype(x_flat.dtype) # (B * t) x top_k

    return expert_assignment, expert_scores


  def _compute_token_expert_assignment(self, x_flat: jax.Array, expert_assignment: jax.Array) -> jax.Array:
    """
      B: batch size
      t: length of the input sequence
      D: embedding dimension

      x_flat: (B * t) x D
    """

    B_t, _ = x_flat.shape

    # expert capacity is the fraction of the total number of tokens that can be routed to an expert
    expert_capacity = math.floor(B_t * self.expert_capacity)
    # For each token, each choice, and  each expert, there is either an assignment of the token to the expert ornot
    expert_assignment_onehot = jax.nn.one_hot(expert_assignment, self.num_experts) # (B * t) x top_k x num_experts

    # Cumulative sum over the token indices, and then cumulaitive sum over the top_k dimension. This generates position of a token in an expert's capacity. The order of sum ensure that the first expert choice of a token is prioritized over the second expert choice of any other token, in the expert's position
    position_in_experts = jnp.cumsum(jnp.cumsum(expert_assignment_onehot, axis=0), axis=1).astype(jnp.int32) # (B * t) x top_k x num_experts
    
    # Using the assigned positions, remove any token that did not make it within an expert's capacity.
    expert_mask = expert_assignment_onehot * jnp.less(position_in_experts, expert_capacity) # (B * t) x top_k x num_experts
    # By summing over the experts dimenion, obtain as mask of which tokens are processed by some experts and which ones are orphants.
    token_assignment_mask = jnp.sum(expert_mask, axis=-1) # (B * t) x top_k


    # Apply onehot operate to the position array creates an occupancy mask for each token, choice index, expert, and the position in the expert. Multiply by the expert mask to remove tokens that were droppd
    expert_choices = jax.nn.one_hot(position_in_experts, expert_capacity) * expert_mask[..., None] # (B * t) x top_k x num_experts x expert_capacity
  
    # Sum over the top_k dimenion, because for each token, and, expert, the expert can only be chosen as one of the top_k choices - the resulting mask will be binary. It is an occupancy mask for each token, and for each capacity position, whether there's an allocation
    expert_choices = jnp.sum(expert_choices, axis=1) # (B * t) x num_experts x expert_capacity
    expert_choices = expert_choices.transpose(1, 2, 0).astype(jnp.int32) # num_experts x expert_capacity x (B * t)

    # For each token, and for each choice index, which expert it gets assigned to. Note that this map contains values of 0, which is ambiguous between assignment to expert 0 and the token being an orphant. But which tokens were dropped is store in token_assignment_mask
    expert_assignment = jnp.einsum('tke, e -> tk', expert_mask, jnp.arange(self.num_experts)) # (B * t) x top_k
    # Extract out the position in the selected expert
    position_in_selected_experts = jnp.einsum('tke, tke -> tk', expert_mask, position_in_experts) # (B * t) x top_k
    # Stack them to a single tensor
    expert_position_assignment = jnp.stack([expert_assignment, position_in_selected_experts], axis=-1).astype(jnp.int32) # (B * t) x top_k x 2


    return expert_choices, expert_position_assignment, token_assignment_mask

  def _compute_experts(self, grouped_x: jax.Array) -> jax.Array:
      def expert_fn(x):
        ff = DenseFF(self.emd_dim, self.hidden_dim, bias=self.ff_bias)
        return ff(x)
      
      # Initialize a batch of parameters
      expert_init, expert_apply = hk.transform(expert_fn)
      init_experts = hk.experimental.transparent_lift(
        vmap(expert_init, in_axes=0, out_axes=0),
        allow_reuse=True
      )
      expert_params = init_experts(
        hk.next_rng_keys(self.num_experts),
        jnp.zeros((self.num_experts, 1, self.emd_dim))
      )
      
      if self.multi_device:
        devices = mesh_utils.create_device_mesh(DEVICE_COUNT)[:self.num_experts]
        @partial(
          shard_map,
          mesh=Mesh(devices, axis_names=('e')),
          in_specs=(PartitionSpec('e',), PartitionSpec('e',)),
          out_specs=PartitionSpec('e',),
          check_rep=False
        )
        def parallel_expert_fn(params, grouped_x):
          return vmap(expert_apply, in_axes=(0, None, 0), out_axes=0)(params, None, grouped_x)
  
        expert_outputs = parallel_expert_fn(expert_params, grouped_x) # num_experts x expert_capacity x D
      else:
        expert_outputs = vmap(expert_apply, in_axes=(0, None, 0), out_axes=0)(expert_params, None, grouped_x) # num_experts x expert_capacity x D

      return expert_outputs

  def __call__(self, x: jax.Array) -> jax.Array:
    """      
      B: batch size
      t: length of the input sequence
      D: embedding dimension

      x: B x t x D
    """
    b, t, D = x.shape
    x_flat = x.reshape((b * t, D)) 

    # expert_assignment, expert_scores: (B * t) x top_k
    expert_assignment, expert_scores = self._compute_expert_scores(x_flat)

    # expert_choices: num_experts x expert_capacity x (B * t)
    # expert_position_assignment: (B * t) x top_k x 2
    # token_assignment_mask: (B * t) x top_k
    expert_choices, expert_position_assignment, token_assignment_mask = self._compute_token_expert_assignment(x_flat, expert_assignment)

    # Reshape to have a batch dimension
    expert_scores = jnp.reshape(expert_scores, ((b, t, self.top_k))) # B x t x top_k
    expert_position_assignment = jnp.reshape(expert_position_assignment, ((b, t, self.top_k, 2))) # B x t x top_k x 2
    token_assignment_mask = jnp.reshape(token_assignment_mask, ((b, t, self.top_k))) # B x t x top_k
    # Assign x into expert and capacity positions
    grouped_x = jnp.einsum('ect, tD -> ecD', expert_choices, x_flat) # num_experts x expert_capacity x D
    
    # Process x with each expert, potentially in parallel across the experts
    expert_outputs = self._compute_experts(grouped_x) # num_experts x expert_capacity x D
    expert_outputs = expert_outputs[expert_position_assignment[..., 0], expert_position_assignment[..., 1], :] # B x t x top_k x D
  
    # Dropped tokens will receive a residual connection
