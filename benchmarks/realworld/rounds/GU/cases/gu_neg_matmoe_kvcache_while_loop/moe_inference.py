# Source: https://github.com/duyhv-qualgo/matmoe-jax-grain/blob/b9aa178aae90e836d06414e17faafc01e7783bb8/moe_inference.py
# Title: matmoe-jax-grain: moe_inference.py (generate_fast_greedy_jitted)
# Cut: kept imports, rotate_half and the greedy KV-cache decoder verbatim; cut sampling and beam variants and the host wrapper class
import time
import jax
import jax.numpy as jnp
from flax import nnx
import numpy as np


def rotate_half(x):
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2:]
    return jnp.concatenate((-x2, x1), axis=-1)


@nnx.jit(static_argnames=('max_len', 'pad_id', 'eos_id', 'current_mlp_dim'))
def generate_fast_greedy_jitted(model, source_ids, src_mask, max_len, pad_id, eos_id, current_mlp_dim=None):
    batch_size = source_ids.shape[0]
    num_layers = model.cfg.num_layers
    num_heads = model.cfg.num_heads
    head_dim = model.cfg.d_model // num_heads

    direction_ids = (source_ids[:, 0] == model.cfg.vi_en_token_id).astype(jnp.int32)

    enc_out = model.encode(source_ids, src_mask, current_mlp_dim=current_mlp_dim, deterministic=True)
    cross_mask = (src_mask[:, None, None, :] == 1)

    k_cache = jnp.zeros((num_layers, batch_size, max_len, num_heads, head_dim), dtype=model.cfg.dtype)
    v_cache = jnp.zeros((num_layers, batch_size, max_len, num_heads, head_dim), dtype=model.cfg.dtype)

    cross_k_cache, cross_v_cache = [], []
    for block in model.decoder_blocks:
        ck_raw = block.cross_attn.key(enc_out).reshape(batch_size, -1, num_heads, head_dim)
        ck = block.cross_attn.k_norm(ck_raw)
        cv = block.cross_attn.value(enc_out).reshape(batch_size, -1, num_heads, head_dim)
        cross_k_cache.append(ck)
        cross_v_cache.append(cv)

    target_ids = jnp.full((batch_size, max_len), pad_id, dtype=jnp.int32)
    is_finished = jnp.zeros((batch_size, 1), dtype=jnp.bool_)

    def cond_body(val):
        i, _, is_finished, _, _ = val
        not_all_finished = jnp.logical_not(jnp.all(is_finished))
        return jnp.logical_and(i < max_len, not_all_finished)

    def loop_body(val):
        i, target_ids, is_finished, k_cache, v_cache = val

        x_t_id = jax.lax.dynamic_slice_in_dim(target_ids, i - 1, 1, axis=1)
        x_t_id = jnp.where(i == 1, pad_id, x_t_id)

        dec_x = model.embed_norm(model.embedding(x_t_id))

        inv_freq = 1.0 / (10000 ** (jnp.arange(0, head_dim, 2) / head_dim))
        freqs = (i - 1) * inv_freq
        emb = jnp.concatenate((freqs, freqs), axis=-1)

        sin = jnp.sin(emb)[None, None, None, :].astype(model.cfg.dtype)
        cos = jnp.cos(emb)[None, None, None, :].astype(model.cfg.dtype)

        for layer_idx, block in enumerate(model.decoder_blocks):
            x_norm = block.ln_1(dec_x)
            q = block.self_attn.query(x_norm).reshape(batch_size, 1, num_heads, head_dim)
            k = block.self_attn.key(x_norm).reshape(batch_size, 1, num_heads, head_dim)
            v = block.self_attn.value(x_norm).reshape(batch_size, 1, num_heads, head_dim)

            q = block.self_attn.q_norm(q)
            k = block.self_attn.k_norm(k)

            q = (q * cos) + (rotate_half(q) * sin)
            k = (k * cos) + (rotate_half(k) * sin)

            q = q.astype(model.cfg.dtype)
            k = k.astype(model.cfg.dtype)
            v = v.astype(model.cfg.dtype)

            k_update = k[None, ...]
            v_update = v[None, ...]
            k_cache = jax.lax.dynamic_update_slice(k_cache, k_update, (layer_idx, 0, i - 1, 0, 0))
            v_cache = jax.lax.dynamic_update_slice(v_cache, v_update, (layer_idx, 0, i - 1, 0, 0))

            k_layer = k_cache[layer_idx]
            v_layer = v_cache[layer_idx]

            attn = jnp.einsum('bqhd,bkhd->bhqk', q, k_layer) / jnp.sqrt(head_dim)
            idx = jnp.arange(max_len)[None, None, None, :]
            attn = jnp.where(idx <= (i - 1), attn, -jnp.inf)
            attn = jax.nn.softmax(attn.astype(jnp.float32), axis=-1).astype(q.dtype)

            attn_out = jnp.einsum('bhqk,bkhd->bqhd', attn, v_layer).reshape(batch_size, 1, -1)
            dec_x = dec_x + block.self_attn.out(attn_out)

            x_norm2 = block.ln_2(dec_x)
            q_cross = block.cross_attn.query(x_norm2).reshape(batch_size, 1, num_heads, head_dim)
            q_cross = block.cross_attn.q_norm(q_cross)
            ck, cv = cross_k_cache[layer_idx], cross_v_cache[layer_idx]

            attn_cross = jnp.einsum('bqhd,bkhd->bhqk', q_cross, ck) / jnp.sqrt(head_dim)
            attn_cross = jnp.where(cross_mask, attn_cross, -jnp.inf)
            attn_cross = jax.nn.softmax(attn_cross.astype(jnp.float32), axis=-1).astype(q_cross.dtype)

            cross_out = jnp.einsum('bhqk,bkhd->bqhd', attn_cross, cv).reshape(batch_size, 1, -1)
            dec_x = dec_x + block.cross_attn.out(cross_out)

            moe_out, _, _ = block.moe(block.ln_3(dec_x), direction_ids, current_mlp_dim=current_mlp_dim, deterministic=True)
            dec_x = dec_x + moe_out

        dec_x = model.decoder.ln_final(dec_x)

        dec_x_fp32 = dec_x.astype(jnp.float32)
        embed_fp32 = model.embedding.embedding.astype(jnp.float32)
        logits = jnp.dot(dec_x_fp32, embed_fp32.T)
        logits = logits * (model.cfg.d_model ** -0.5)

        cap = 30.0
        logits = cap * jnp.tanh(logits / cap)

        next_token = jnp.argmax(logits, axis=-1).astype(jnp.int32)

        next_token = jnp.where(is_finished, pad_id, next_token)
        is_finished = is_finished | (next_token == eos_id)
        target_ids = jax.lax.dynamic_update_slice(target_ids, next_token, (0, i))

        return (i + 1, target_ids, is_finished, k_cache, v_cache)
