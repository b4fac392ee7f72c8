# Source: https://github.com/kathir-ks/activation-extract/blob/aa88f6711b00994f53c4cd62ecd52d2a5e1c98b1/qwen2_jax.py
# Title: activation-extract: qwen2_jax.py (QwenModel.__call__)
# Cut: kept the jax/flax imports and QwenModel verbatim; QwenConfig, RMSNorm and QwenDecoderLayer bodies cut (referenced)
import jax
import jax.numpy as jnp
import flax.linen as nn


class QwenModel(nn.Module):
    """Qwen model implementation in JAX."""
    config: QwenConfig
    
    @nn.compact
    def __call__(self, input_ids, attention_mask=None):
        batch_size, seq_len = input_ids.shape
        
        # Token embeddings
        embed_tokens = nn.Embed(
            self.config.vocab_size,
            self.config.hidden_size,
            dtype=self.config.dtype,
            name='embed_tokens'
        )
        hidden_states = embed_tokens(input_ids)
        
        # Create causal mask if not provided
        if attention_mask is None:
            attention_mask = jnp.tril(jnp.ones((seq_len, seq_len)))
            attention_mask = jnp.where(attention_mask == 0, -1e9, 0.0)
            attention_mask = jnp.expand_dims(jnp.expand_dims(attention_mask, 0), 0)
        
        # Apply decoder layers
        for i in range(self.config.num_hidden_layers):
            hidden_states = QwenDecoderLayer(self.config, name=f'layers_{i}')(
                hidden_states, attention_mask
            )
        
        # print("layer")
        # Final norm
        hidden_states = RMSNorm(
            self.config.hidden_size,
            self.config.rms_norm_eps,
            self.config.dtype,
            name='norm'
        )(hidden_states)
        
        # LM head
        if self.config.tie_word_embeddings:
            lm_logits = embed_tokens.attend(hidden_states)
        else:
            lm_head = nn.Dense(
                self.config.vocab_size,
                use_bias=False,
                dtype=self.config.dtype,
                name='lm_head'
            )
            lm_logits = lm_head(hidden_states)
        
        return lm_logits
