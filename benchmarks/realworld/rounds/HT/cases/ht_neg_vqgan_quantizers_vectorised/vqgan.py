# Source: https://github.com/WolodjaZ/jax-vqgan/blob/a704515b3c2d8c34091b46d4b145508655b1bcd7/modules/vqgan.py
# Title: modules/vqgan.py (VQGAN in JAX/Flax: VectorQuantizer and GumbelQuantize)
# Cut: kept both quantizer modules' setup/__call__ and get_codebook_entry; dropped docstrings,
#      the HF PretrainedModel wrappers and the discriminator.
from typing import Optional, Tuple

import flax.linen as nn
import jax
import jax.numpy as jnp
from flax.core.frozen_dict import FrozenDict

from modules.config import VQGANConfig


class VectorQuantizer(nn.Module):
    config: VQGANConfig
    dtype: jnp.dtype = jnp.float32

    def setup(self):
        init_embbeding = jax.nn.initializers.uniform(
            scale=-1.0 / self.config.n_embed, dtype=self.dtype
        )
        self.embedding = nn.Embed(
            self.config.n_embed,
            self.config.embed_dim,
            embedding_init=init_embbeding,
            dtype=self.dtype,
        )

    def __call__(self, z: jnp.ndarray) -> Tuple[jnp.ndarray, float, jnp.ndarray]:
        z_flatten = z.reshape(-1, self.config.embed_dim)
        self.embedding(jnp.ones((1, 1), dtype="i4"))

        # distances from z to embeddings e_j (z - e)^2 = z^2 + e^2 - 2 e * z
        emb_weights = self.variables["params"]["embedding"]["embedding"]
        distance = (
            jnp.sum(z_flatten**2, axis=1, keepdims=True)
            + jnp.sum(emb_weights**2, axis=1)
            - 2 * jnp.dot(z_flatten, emb_weights.T)
        )

        min_encoding_indices = jnp.argmin(distance, axis=1)
        z_q = self.embedding(min_encoding_indices).reshape(z.shape)
        min_encoding_indices = min_encoding_indices.reshape(z.shape[0], -1)

        q_loss = self.config.beta * jnp.mean((jax.lax.stop_gradient(z_q) - z) ** 2) + jnp.mean(
            (z_q - jax.lax.stop_gradient(z)) ** 2
        )
        return z_q, q_loss, min_encoding_indices

    @staticmethod
    def get_codebook_entry(
        params: FrozenDict, indices: jnp.ndarray, shape: Optional[Tuple[int, ...]] = None
    ) -> jnp.ndarray:
        B = indices.shape[0]
        indices = indices.reshape(-1,)
        emb_weights = params["embedding"]["embedding"]
        z_q = jnp.take(emb_weights, indices, axis=0).reshape(B, -1)
        if shape is not None:
            z_q = z_q.reshape(shape)
        return z_q


class GumbelQuantize(nn.Module):
    config: VQGANConfig
    dtype: jnp.dtype = jnp.float32

    def setup(self):
        self.proj = nn.Conv(
            self.config.n_embed,
            kernel_size=(1, 1),
            strides=(1, 1),
            padding="VALID",
            dtype=self.dtype,
        )
        init_embbeding = jax.nn.initializers.uniform(
            scale=-1.0 / self.config.n_embed, dtype=self.dtype
        )
        self.embedding = nn.Embed(
            self.config.n_embed,
            self.config.embed_dim,
            embedding_init=init_embbeding,
            dtype=self.dtype,
        )

    def __call__(self, z: jnp.ndarray) -> Tuple[jnp.ndarray, float, jnp.ndarray]:
        logits = self.proj(z)

        gumbel_rng = self.make_rng("gumbel")
        gumbels = jax.random.gumbel(gumbel_rng, logits.shape, dtype=self.dtype)
        indicies_prob = nn.softmax((logits + gumbels) / self.config.gumb_temp, axis=-1)

        self.embedding(jnp.ones((1, 1), dtype="i4"))

        emb_weights = self.variables["params"]["embedding"]["embedding"]
        z_q = jnp.einsum("bhwp,pd->bhwd", indicies_prob, emb_weights).reshape(z.shape)

        indices = jnp.argmax(indicies_prob, axis=-1).reshape(z.shape[0], -1)

        qy = nn.softmax(logits)
        q_loss = self.config.kl_weight * jnp.mean(
            jnp.sum(qy * jnp.log(qy * self.config.n_embed + 1e-10), axis=-1)
        )
        return z_q, q_loss, indices
