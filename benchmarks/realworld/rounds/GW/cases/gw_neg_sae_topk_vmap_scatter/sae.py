# Source: https://github.com/neverix/saex/blob/4dc3ba5c69a3f701d83ebe11ba538ae32189fcb0/saex/sae.py
# Title: saex/sae.py
# Cut: SparseAutoencoder.encode (top-k path, no AQT dot) and the 8-bit requantisation at the end of
#      apply_updates; config, init, losses, resampling cut. Both run inside the jitted train_step.
import equinox as eqx
import jax
import jax.numpy as jnp


class SparseAutoencoder(eqx.Module):

    def encode(self, activations: jax.Array, dot_enc=None):
        inputs, norm_factor = self.norm_input(activations.astype(jnp.float32))
        if self.config.remove_decoder_bias:
            inputs = inputs - self.b_dec
        pre_relu = inputs @ self.W_enc
        if self.config.use_encoder_bias:
            pre_relu = pre_relu + self.b_enc
        post_relu = jax.nn.relu(pre_relu)
        if self.config.topk_k is not None:
            og_shape = post_relu.shape
            post_relu = post_relu.reshape(-1, post_relu.shape[-1])
            if self.config.topk_approx is not None:
                values, indices = jax.lax.approx_max_k(post_relu, self.config.topk_k, aggregate_to_topk=True, recall_target=self.config.topk_approx)
            else:
                values, indices = jax.lax.top_k(post_relu, self.config.topk_k)
            post_relu = jax.vmap(lambda a, v, i: jnp.zeros_like(a).at[i].set(v))(post_relu, values, indices)
            post_relu = post_relu.reshape(og_shape)
        if self.config.is_gated:
            hidden = (post_relu > 0) * jax.nn.relu((inputs @ self.W_enc) * jax.nn.softplus(self.s_gate) * self.s + self.b_gate)
        else:
            hidden = post_relu * self.s
        return inputs, pre_relu, post_relu, hidden, norm_factor

    def requantize_weights(self, updated):
        def requantize(x):
            # simulating 8-bit quantization
            og_shape = x.shape
            is_transpose = x.shape[0] < x.shape[1]
            if is_transpose:
                x = x.T
                og_shape = x.shape
            x = x.reshape(-1, 16).astype(jnp.bfloat16)
            zero = x.min(axis=1, keepdims=True)
            x = x - zero
            mx = 255
            scale = x.max(axis=1, keepdims=True) / mx
            quants = x / scale
            quants = quants.clip(0, mx).round()
            x = (quants * scale + zero).reshape(og_shape)
            if is_transpose:
                x = x.T
            return x

        if self.config.weights_8bit:
            for selector in (lambda s: s.W_enc, lambda s: s.W_dec):
                updated = eqx.tree_at(selector, updated, replace_fn=requantize)
        return updated
