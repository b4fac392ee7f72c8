# Source: https://github.com/instadeepai/jumanji/blob/590005b0fb305b1a98a4828bfb6b2ea28b47dd5b/jumanji/training/networks/cvrp/actor_critic.py
# Title: jumanji/training/networks/cvrp/actor_critic.py (CVRP actor network)
# Cut: kept imports, CVRPTorso and the actor network; the critic, masks and query helpers are imported instead of shown.
from typing import Optional, Sequence

import chex
import haiku as hk
import jax.numpy as jnp

from jumanji.environments.routing.cvrp import Observation
from jumanji.environments.routing.cvrp.constants import DEPOT_IDX
from jumanji.training.networks.actor_critic import FeedForwardNetwork
from jumanji.training.networks.cvrp.actor_critic import make_cvrp_masks, make_cvrp_query
from jumanji.training.networks.transformer_block import TransformerBlock



class CVRPTorso(hk.Module):
    def __init__(
        self,
        transformer_num_blocks: int,
        transformer_num_heads: int,
        transformer_key_size: int,
        transformer_mlp_units: Sequence[int],
        name: Optional[str] = None,
    ):
        """Linear embedding of all cities' coordinates followed by `transformer_num_blocks` blocks
        of self attention.
        """
        super().__init__(name=name)
        self.transformer_num_blocks = transformer_num_blocks
        self.transformer_num_heads = transformer_num_heads
        self.transformer_key_size = transformer_key_size
        self.transformer_mlp_units = transformer_mlp_units
        self.model_size = transformer_num_heads * transformer_key_size

    def __call__(self, nodes_features: chex.Array, mask: chex.Array) -> chex.Array:
        depot_projection = hk.Linear(self.model_size, name="depot_projection")
        nodes_projection = hk.Linear(self.model_size, name="nodes_projection")
        all_nodes_indices = jnp.arange(nodes_features.shape[-2])[None, :, None]
        embeddings = jnp.where(
            all_nodes_indices == DEPOT_IDX,
            depot_projection(nodes_features),
            nodes_projection(nodes_features),
        )

        for block_id in range(self.transformer_num_blocks):
            transformer_block = TransformerBlock(
                num_heads=self.transformer_num_heads,
                key_size=self.transformer_key_size,
                mlp_units=self.transformer_mlp_units,
                w_init_scale=2 / self.transformer_num_blocks,
                model_size=self.model_size,
                name=f"self_attention_block_{block_id}",
            )
            embeddings = transformer_block(
                query=embeddings, key=embeddings, value=embeddings, mask=mask
            )
        return embeddings


def make_actor_network_cvrp(
    transformer_num_blocks: int,
    transformer_num_heads: int,
    transformer_key_size: int,
    transformer_mlp_units: Sequence[int],
    mean_nodes_in_query: bool,
) -> FeedForwardNetwork:
    def network_fn(observation: Observation) -> chex.Array:
        torso = CVRPTorso(
            transformer_num_blocks=transformer_num_blocks,
            transformer_num_heads=transformer_num_heads,
            transformer_key_size=transformer_key_size,
            transformer_mlp_units=transformer_mlp_units,
            name="actor_torso",
        )
        self_attention_mask, cross_attention_mask = make_cvrp_masks(observation)
        nodes_features = jnp.concatenate(
            [observation.coordinates, observation.demands[..., None]], axis=-1
        )
        embeddings = torso(nodes_features, self_attention_mask)
        query = make_cvrp_query(observation, embeddings, mean_nodes_in_query)
        cross_attention_block = hk.MultiHeadAttention(
            num_heads=transformer_num_heads,
            key_size=transformer_key_size,
            w_init=hk.initializers.VarianceScaling(1.0),
            name="actor_cross_attention_block",
        )
        cross_attention = cross_attention_block(
            query=query,
            value=embeddings,
            key=embeddings,
            mask=cross_attention_mask,
        ).squeeze(axis=-2)
        logits = jnp.einsum("...Tk,...k->...T", embeddings, cross_attention)
        logits = logits / jnp.sqrt(cross_attention_block.model_size)
        logits = 10 * jnp.tanh(logits)  # clip to [-10,10]
        logits = jnp.where(observation.action_mask, logits, jnp.finfo(jnp.float32).min)
        return logits

    init, apply = hk.without_apply_rng(hk.transform(network_fn))
    return FeedForwardNetwork(init=init, apply=apply)
