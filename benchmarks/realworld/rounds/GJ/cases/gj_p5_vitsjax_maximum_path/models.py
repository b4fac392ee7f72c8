# Source: https://github.com/hyunwoo3235/vits-jax/blob/d9c2c6fc4505a20986d824ee652ab9ea5e6277f8/models.py
# Title: vits-jax models.py (SynthesizerTrn.__call__), same commit
# Cut: setup() and the submodules dropped; __call__ kept up to the decoder call.
import math

import flax.linen as nn
import jax
import jax.numpy as jnp

import commons


class SynthesizerTrn(nn.Module):
    def __call__(
        self, x, x_lengths, y, y_lengths, sid=None, deterministic: bool = True
    ):
        x, m_p, logs_p, x_mask = self.enc_p(x, x_lengths, deterministic=deterministic)
        if self.n_speakers > 0:
            g = jnp.expand_dims(self.emb_g(sid), -1)
        else:
            g = None

        z, m_q, logs_q, y_mask = self.enc_q(
            y, y_lengths, g=g, deterministic=deterministic
        )
        z_p = self.flow(z, y_mask, g=g)

        s_p_sq_r = jnp.exp(-2 * logs_p).transpose(0, 2, 1)
        neg_cent1 = jnp.sum(
            -0.5 * math.log(2 * math.pi) - logs_p, axis=2, keepdims=True
        ).transpose(0, 2, 1)
        neg_cent2 = jnp.matmul(-0.5 * (z_p**2), s_p_sq_r)
        neg_cent3 = jnp.matmul(z_p, m_p.transpose(0, 2, 1) * s_p_sq_r)
        neg_cent4 = jnp.sum(
            -0.5 * (m_p**2).transpose(0, 2, 1) * s_p_sq_r, axis=1, keepdims=True
        )
        neg_cent = neg_cent1 + neg_cent2 + neg_cent3 + neg_cent4

        attn_mask = jnp.expand_dims(x_mask, 1) * jnp.expand_dims(y_mask, 2)
        attn = commons.maximum_path_jax(neg_cent, attn_mask.squeeze(-1))
        attn = jnp.expand_dims(attn, 1)
        attn = jax.lax.stop_gradient(attn)

        w = attn.sum(2).transpose(0, 2, 1)
        l_length = self.dp(x, x_mask, w, g=g, deterministic=deterministic)
        l_length = l_length / jnp.sum(x_mask)

        m_p = jnp.matmul(attn.squeeze(1), m_p)
        logs_p = jnp.matmul(attn.squeeze(1), logs_p)

        z_slice, ids_slice = commons.rand_slice_segments(
            z, y_lengths, self.segment_size
        )
        o = self.dec(z_slice, g=g)

        return (
            o,
            l_length,
            attn,
            ids_slice,
            x_mask,
            y_mask,
            (z, z_p, m_p, logs_p, m_q, logs_q),
        )
