# Source: https://github.com/dpeerlab/WassersteinWormhole/blob/cb1e7fb885f985682a34ef6337a45d35cf66db05/wassersteinwormhole/_utils_Transformer.py
# Title: wassersteinwormhole/_utils_Transformer.py (Wormhole point-cloud transformer encoder/decoder, Flax)
# Cut: DefaultConfig reduced to the fields used here (num_layers defaults to 3 as in DefaultConfig.py); the weighted
#      multi-head attention block replaced by a Dense layer; Multiplyer/Unembedding and the autoencoder wrapper dropped.
from typing import Any, Optional

import jax.numpy as jnp  # type: ignore
from flax import linen as nn
from flax import struct
from jax import random


@struct.dataclass
class DefaultConfig:
    dtype: Any = jnp.float32
    emb_dim: int = 128
    num_layers: int = 3


class Embedding(nn.Module):
    config: DefaultConfig

    @nn.compact
    def __call__(self, inputs):
        config = self.config
        output = nn.Dense(config.emb_dim, dtype=config.dtype)(inputs)
        return output


class FeedForward(nn.Module):
    config: DefaultConfig

    @nn.compact
    def __call__(self, inputs, deterministic=True, dropout_rng=None):
        x = nn.Dense(self.config.emb_dim, dtype=self.config.dtype)(inputs)
        return nn.relu(x)


class EncoderBlock(nn.Module):
    config: DefaultConfig
    scale_weights: Optional[float] = 1

    @nn.compact
    def __call__(self, inputs, weights, deterministic, dropout_rng):
        config = self.config
        x_norm = nn.LayerNorm(dtype=config.dtype)(inputs)
        attn_rng, ff_rng = random.split(dropout_rng) if dropout_rng is not None else (None, None)
        x_attn = nn.Dense(config.emb_dim, dtype=config.dtype)(x_norm * weights[:, :, None])
        x = inputs + x_attn
        x_norm = nn.LayerNorm(dtype=config.dtype)(x)
        x_ff = FeedForward(config=config)(x_norm, deterministic=deterministic, dropout_rng=ff_rng)
        output = x + x_ff
        return output


class EncoderModel(nn.Module):
    """Transformer encoder network.

    Attributes:
    config: DefaultConfig dataclass containing hyperparameters.
    """

    config: DefaultConfig
    scale_weights: Optional[float] = 1

    @nn.compact
    def __call__(self, inputs, weights, deterministic, dropout_rng=random.key(0)):

        config = self.config
        scale_weights = self.scale_weights

        x = inputs  # .astype('int32')
        x = Embedding(config)(x)

        for _ in range(config.num_layers):
            key, dropout_rng = random.split(dropout_rng)
            x = EncoderBlock(config, scale_weights)(
                inputs=x,
                weights=weights,
                deterministic=deterministic,
                dropout_rng=dropout_rng,
            )

        x = jnp.sum(x * weights[:, :, None], axis=1) / jnp.sum(
            weights, axis=1, keepdims=True
        )
        output = FeedForward(config)(x)
        return output
