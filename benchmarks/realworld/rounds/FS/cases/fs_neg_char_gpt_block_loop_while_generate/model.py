# Source: https://github.com/dieterichlawson/mingpt-jax/blob/3748fa7353a69be2a5cb6ec5ccfd14cc0444bf30/model.py
# Title: mingpt-jax: model.py (equinox character-level GPT)
# Cut: kept Embedding, MultiheadSelfAttention (long comments shortened), TransformerBlock and Transformer (constructor, __call__, generate); gelu and LayerNorm are defined in this file in the original (import line added); dropped SelfAttention and make_weight_decay_mask
import jax
import jax.numpy as jnp
from jax.tree_util import tree_map
import equinox as eqx
from jax.nn import initializers
from typing import List, Optional, Callable
import snax

from layers import LayerNorm, gelu  # defined in this file in the original


class Embedding(eqx.Module):

  E: jnp.ndarray

  def __init__(self,
          key,
          vocab_size,
          embed_dim,
          W_init=initializers.glorot_normal()):
    self.E = W_init(key, (vocab_size, embed_dim))

  def __call__(self, indices):
    return jnp.take(self.E, indices, axis=0)


class MultiheadSelfAttention(eqx.Module):

  W_qkv: jnp.ndarray
  W_o: jnp.ndarray

  causal_mask: bool = eqx.static_field()
  num_heads: int = eqx.static_field()
  rep_dim: int = eqx.static_field()
  qkv_dim: int = eqx.static_field()

  def __init__(self,
               key,
               rep_dim,
               num_heads,
               causal_mask=True,
               W_init=initializers.glorot_uniform()):
    assert rep_dim % num_heads == 0, \
            f"Num heads {num_heads} must evenly divide rep dim {rep_dim}."
    self.causal_mask = causal_mask
    self.num_heads = num_heads
    self.rep_dim = rep_dim
    self.qkv_dim = self.rep_dim // self.num_heads
    k1, k2 = jax.random.split(key)
    self.W_qkv = W_init(k1, (rep_dim, 3 * rep_dim))
    self.W_o = W_init(k2, (rep_dim, rep_dim))

  def __call__(self, x):
    # Multiply (seq_len, rep_dim) x (rep_dim, 3 * rep_dim)
    # gives (seq_len, rep_dim * 3) = (seq_len, 3 * num_heads * qkv_dim)
    qkv_raw_out = x @ self.W_qkv

    # Reshape to (seq_len, 3, num_heads, qkv_dim)
    qkv_reshape = jnp.reshape(qkv_raw_out, [-1, 3, self.num_heads, self.qkv_dim])

    # Each of qs, ks, and vs is (seq_len, num_heads, qkv_dim).
    # Squeeze is necessary because split leaves in a singleton dimension.
    queries, keys, vals = [jnp.squeeze(x, axis=1) for x in jnp.split(qkv_reshape, 3, axis=1)]

    # The result is shape (num_heads, seq_len, seq_len)
    raw_weights = jax.lax.dot_general(queries, keys, ((2, 2), (1, 1)))
    raw_weights = raw_weights / jnp.sqrt(self.qkv_dim) # (num_heads, seq_len, seq_len)

    if self.causal_mask:
      # Set above-diagonal elements to - infinity.
      f = lambda x: x.at[jnp.triu_indices_from(x, 1)].set(-jnp.inf)
      raw_weights = jax.vmap(f)(raw_weights)

    # (num_heads, seq_len, seq_len), normalized in the last dimension
    weights = jax.nn.softmax(raw_weights, axis=2)

    # The result is (num_heads, seq_len, qkv_dim).
    head_outs = jax.lax.dot_general(weights, vals, ((2, 0), (0, 1)))
    # Transpose and reshape to (seq_len, num_heads * qkv_dim) = (seq_len, rep_dim)
    head_outs_reshape = jnp.reshape(
            jnp.transpose(head_outs, axes=(1, 0, 2)), [-1, self.rep_dim])

    # (seq_len, rep_dim) x (rep_dim, rep_dim) = (seq_len, rep_dim)
    out = head_outs_reshape @ self.W_o
    return out


class TransformerBlock(eqx.Module):

  sa: MultiheadSelfAttention
  mlp: snax.MLP
  ln_att: LayerNorm
  ln_mlp: LayerNorm

  def __init__(self, key, rep_dim: int, num_heads: int, mlp_hdim: int,
               causal_mask: bool = True, mlp_act_fn: Callable = gelu,
               ln_bias: bool = True, ln_eps: float = 1e-5,
               W_init=initializers.glorot_uniform(), b_init=initializers.zeros):
    k1, k2 = jax.random.split(key)
    self.sa = MultiheadSelfAttention(
        k1, rep_dim, num_heads, causal_mask=causal_mask, W_init=W_init)
    self.mlp = snax.MLP(
        k2, rep_dim, [mlp_hdim, rep_dim], mlp_act_fn, W_init=W_init, b_init=b_init)
    self.ln_att = LayerNorm((rep_dim,), ln_bias, ln_eps)
    self.ln_mlp = LayerNorm((rep_dim,), ln_bias, ln_eps)

  def __call__(self, x):
    x = x + self.sa(self.ln_att(x)) # (seq_len, rep_dim)
    mlp_out = jax.vmap(self.mlp)(self.ln_mlp(x)) #(seq_len, rep_dim)
    return x + mlp_out


class Transformer(eqx.Module):

  tok_embed: Embedding
  pos_embed: Embedding

  blocks: List[TransformerBlock]

  ln: LayerNorm
  out_affine: snax.Affine

  block_size: int = eqx.static_field()

  def __init__(self, key, vocab_size: int, embed_dim: int, block_size: int,
               num_layers: int, num_heads: int, mlp_hdim: Optional[int] = None,
               causal_mask: bool = True, mlp_act_fn: Callable = gelu,
               ln_bias: bool = True, ln_eps: float = 1e-5,
               W_init=initializers.glorot_uniform(), b_init=initializers.zeros):
    if mlp_hdim is None:
      mlp_hdim = 4 * embed_dim

    self.block_size = block_size

    key, sk1, sk2 = jax.random.split(key, num=3)
    self.tok_embed = Embedding(sk1, vocab_size, embed_dim)
    self.pos_embed = Embedding(sk2, block_size, embed_dim)

    self.blocks = []
    for _ in range(num_layers):
      key, subkey = jax.random.split(key)
      self.blocks.append(
          TransformerBlock(
              subkey, embed_dim, num_heads, mlp_hdim,
              causal_mask=causal_mask, mlp_act_fn=mlp_act_fn,
              ln_bias=ln_bias, ln_eps=ln_eps,
              W_init=W_init, b_init=b_init))

    self.ln = LayerNorm((embed_dim,), bias=ln_bias, eps=ln_eps)

    self.out_affine = snax.Affine(key, embed_dim, vocab_size, W_init=W_init)

  def __call__(self, x):
    seq_len = x.shape[0]
    assert seq_len <= self.block_size
    x = self.tok_embed(x) + self.pos_embed.E[:seq_len]
    for block in self.blocks:
      x = block(x)
    x = self.ln(x)
    logits = self.out_affine(x)
    return logits

  def generate(self, key, prefix):
    prefix_len = prefix.shape[0]
    num_new_tokens = self.block_size - prefix_len
    assert num_new_tokens > 0
    padded_prefix = jnp.pad(prefix, (0, num_new_tokens))
    assert padded_prefix.shape[0] == self.block_size

    def sample_next_token(key, in_tokens, prefix_len):
      logits = self.__call__(in_tokens)
      next_token_logits = logits[prefix_len - 1]
      next_token = jax.random.categorical(key, next_token_logits)
      return next_token

    def while_body(state):
      key, out_seq, t = state
      key, subkey = jax.random.split(key)
      next_token = sample_next_token(subkey, out_seq, t)
      out_seq = out_seq.at[t].set(next_token)
      return (key, out_seq, t+1)

    def while_cond(state):
      _, _, t = state
      return t < prefix_len + num_new_tokens

    init_state = (key, padded_prefix, prefix_len)

    outs = jax.lax.while_loop(while_cond, while_body, init_state)

    return outs[1]
