# Source: https://github.com/johnnycrab/tspx/blob/da27f29696e4f4d4fa69c0ee0fdc1b18c9e042d9/network.py
# Title: network.py (Transformer Network for the TSP, based on BQ-NCO), johnnycrab/tspx
# Cut: the transformer block body shortened to attention + feed-forward; TSPNetwork kept with its
# vmapped block construction and nnx.scan over stacked layers.
import jax
import jax.numpy as jnp
from flax import nnx


class RZTXTransformerLayer(nnx.Module):
    def __init__(self, latent_dim: int, num_heads: int, feedforward_dim: int, dropout: float = 0.0, rngs: nnx.Rngs | None = None):
        rngs = rngs or nnx.Rngs(0)
        self.self_attn = nnx.MultiHeadAttention(num_heads=num_heads, in_features=latent_dim, qkv_features=latent_dim,
                                                decode=False, rngs=rngs)
        self.linear1 = nnx.Linear(latent_dim, feedforward_dim, rngs=rngs)
        self.linear2 = nnx.Linear(feedforward_dim, latent_dim, rngs=rngs)
        self.resweight = nnx.Param(jnp.zeros((1,)))

    def __call__(self, x: jax.Array, mask: jax.Array | None = None):
        x2 = self.self_attn(inputs_q=x, inputs_k=x, inputs_v=x, mask=mask)
        x = x + x2 * self.resweight
        x2 = self.linear2(nnx.gelu(self.linear1(x)))
        x = x + x2 * self.resweight
        return x


class TSPNetwork(nnx.Module):
    def __init__(self, latent_dim: int, num_trf_blocks: int, num_attn_heads: int, feedforward_dim: int, dropout: float, rngs: nnx.Rngs):
        self.latent_dim, self.num_attn_heads = latent_dim, num_attn_heads
        self.node_embedding = nnx.Linear(in_features=2, out_features=latent_dim, rngs=rngs)
        self.start_marker = nnx.Param(jnp.zeros((latent_dim,)))
        self.destination_marker = nnx.Param(jnp.zeros((latent_dim,)))

        #self.trf_blocks = [
        #    RZTXTransformerLayer(latent_dim, num_attn_heads, feedforward_dim, dropout, rngs)
        #    for _ in range(num_trf_blocks)
        #]

        @nnx.vmap(in_axes=0, out_axes=0)
        def create_trf_block(key: nnx.Rngs):
            return RZTXTransformerLayer(latent_dim, num_attn_heads, feedforward_dim, dropout, nnx.Rngs(key))

        @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=(nnx.Carry))
        def scan_trf_fn(y, block):
            the_seq, the_mask = y
            transformed_seq = block(the_seq, the_mask)
            return (transformed_seq, the_mask)

        self.scan_trf_fn = scan_trf_fn
        keys = jax.random.split(jax.random.key(0), num_trf_blocks)
        self.trf_blocks = create_trf_block(keys)
        self.policy_linear_out = nnx.Linear(latent_dim, 1, rngs=rngs)

    def __call__(self, x: dict):
        node_seq: jax.Array = x["nodes"]
        num_nodes = node_seq.shape[-2]
        node_seq = self.node_embedding(node_seq)
        node_seq = node_seq.at[..., 0, :].set(node_seq[..., 0, :] + self.start_marker.value)
        node_seq = node_seq.at[..., 1, :].set(node_seq[..., 1, :] + self.destination_marker.value)

        mask: jax.Array = x["mask"]
        _mask = mask[..., None, None, :]
        _mask = jnp.repeat(_mask, repeats=num_nodes, axis=-2, total_repeat_length=num_nodes)
        _mask = jnp.repeat(_mask, repeats=self.num_attn_heads, axis=-3, total_repeat_length=self.num_attn_heads)

        node_seq, _ = self.scan_trf_fn((node_seq, _mask), self.trf_blocks)

        logits = self.policy_linear_out(node_seq).squeeze(-1)
        big_neg = jnp.finfo(logits.dtype).min
        logits = jnp.where(mask, logits, big_neg)
        logits = logits[..., 2:]
        return logits
