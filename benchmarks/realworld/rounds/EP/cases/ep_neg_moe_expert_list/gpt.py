# Source: https://github.com/HMUNACHI/nanodl/blob/5f729f30e35854f42205d541e6ec3b2e37be09ff/nanodl/__src/models/gpt.py
# Title: nanodl/__src/models/gpt.py (SparseMixtureOfExperts, GPT4Block)
# Cut: kept PositionWiseFFN, SparseMixtureOfExperts and GPT4Block; docstrings and the attention/decoder
#      classes dropped (SelfMultiHeadAttention stays in the upstream module). The block is applied inside
#      the pmap + value_and_grad train_step of GPTDataParallelTrainer.
import time
from typing import Any, Iterable, Optional, Tuple

import flax
import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state


from nanodl.__src.models.gpt import SelfMultiHeadAttention


class PositionWiseFFN(nn.Module):

    num_hiddens: int
    num_outputs: int

    def setup(self):
        self.dense1 = nn.Dense(
            self.num_hiddens, kernel_init=nn.initializers.xavier_uniform()
        )
        self.activation = GEGLU(self.num_hiddens)
        self.dense2 = nn.Dense(
            self.num_outputs, kernel_init=nn.initializers.xavier_uniform()
        )

    def __call__(self, X: jnp.ndarray) -> jnp.ndarray:
        return self.dense2(self.activation(self.dense1(X)))




class SparseMixtureOfExperts(nn.Module):

    num_hiddens: int
    num_outputs: int
    num_experts: int
    top_k: int  # Number of top experts to use each pass

    def setup(self):
        self.experts = [
            PositionWiseFFN(self.num_hiddens, self.num_outputs)
            for _ in range(self.num_experts)
        ]
        self.gate = nn.Dense(
            self.num_experts, kernel_init=nn.initializers.xavier_uniform()
        )
        self.dense_final = nn.Dense(
            self.num_outputs, kernel_init=nn.initializers.xavier_uniform()
        )

    def __call__(self, X: jnp.ndarray) -> jnp.ndarray:
        gating_weights = nn.softmax(self.gate(X), axis=-1)
        top_k_indices = jnp.argsort(gating_weights, axis=-1)[..., -self.top_k :]
        expert_outputs = jnp.stack([expert(X) for expert in self.experts], axis=2)

        # Select only the top K expert outputs
        batch_size, seq_length, _ = X.shape
        batch_indices = jnp.arange(batch_size)[:, None, None]
        seq_indices = jnp.arange(seq_length)[None, :, None]
        top_k_expert_outputs = expert_outputs[batch_indices, seq_indices, top_k_indices]

        # Compute the gating weights for the selected top K experts
        top_k_gating_weights = jnp.take_along_axis(
            gating_weights, top_k_indices, axis=-1
        )
        mixed_expert_output = jnp.sum(
            top_k_gating_weights[..., None] * top_k_expert_outputs, axis=2
        )
        return self.dense_final(mixed_expert_output)


class GPT4Block(nn.Module):

    hidden_dim: int
    num_heads: int
    feedforward_dim: int
    dropout: float
    num_experts: int
    top_k: int

    def setup(self):
        self.attention1 = SelfMultiHeadAttention(
            hidden_dim=self.hidden_dim, num_heads=self.num_heads
        )
        self.attention2 = SelfMultiHeadAttention(
            hidden_dim=self.hidden_dim, num_heads=self.num_heads
        )
        self.feed_forward = SparseMixtureOfExperts(
            self.feedforward_dim, self.hidden_dim, self.num_experts, self.top_k
        )
        self.norm1 = nn.LayerNorm()
        self.norm2 = nn.LayerNorm()
        self.norm3 = nn.LayerNorm()
        self.dropout1 = nn.Dropout(self.dropout)
        self.dropout2 = nn.Dropout(self.dropout)
        self.dropout3 = nn.Dropout(self.dropout)

    def causal_mask(
        self, batch_size: int, destination_dim: int, source_dim: int
    ) -> jnp.ndarray:

        # Create index tensors for the source and destination dimensions
        idx_source = jnp.arange(destination_dim)[:, None]
        idx_destination = jnp.arange(source_dim)
        mask = idx_source >= idx_destination - source_dim + destination_dim
        mask = mask.astype(jnp.int32)

        # Expand dimensions to match the required output shape
        mask = mask[None, None, :, :]
        return jnp.broadcast_to(
            mask, (batch_size, self.num_heads, destination_dim, source_dim)
        )

    def __call__(
        self, x: jnp.ndarray, mask: jnp.ndarray = None, training: bool = False
    ) -> tuple:

        mask = self.causal_mask(x.shape[0], x.shape[1], x.shape[1])

        x = self.norm1(x)
        attended_x, attention1 = self.attention1(x, mask=mask)
        x = self.dropout1(x, deterministic=not training)
        x += attended_x

        x = self.norm2(x)
        attended_x, attention2 = self.attention2(x, mask=mask)
        x = self.dropout2(x, deterministic=not training)
        x += attended_x

        x = self.norm3(x)
        output = self.feed_forward(x)
        x = self.dropout3(output, deterministic=not training)
        x += attended_x

        return x, jnp.array(attention1), jnp.array(attention2)


