# Source: https://github.com/SatvikPraveen/JAX-NSL/blob/82c4e21cb2bf6c77372accb4b438f37e13b9dbaf/notebooks/capstone_projects/21_large_scale_training.ipynb
# Title: 21_large_scale_training.ipynb (large-scale training capstone)
# Cut: transformer_forward from cell 3, lifted out of create_large_transformer; transformer_layer
#      and layer_norm are defined earlier in that cell and are not repeated here.
import jax
import jax.numpy as jnp


def transformer_forward(params, input_ids, config):
    """Full transformer forward pass"""
    batch_size, seq_len = input_ids.shape

    # Create causal mask
    mask = jnp.tril(jnp.ones((seq_len, seq_len)))
    mask = mask[None, None, :, :] == 0  # Broadcasting for batch and heads

    # Embeddings
    token_embeds = params['token_embed'][input_ids]  # [batch, seq, embed]
    pos_embeds = params['pos_embed'][:seq_len]       # [seq, embed]
    x = token_embeds + pos_embeds[None, :, :]        # Broadcast pos_embeds

    # Transformer layers
    for layer_params in params['layers']:
        x = transformer_layer(x, layer_params, mask, config)

    # Final layer norm
    x = layer_norm(x, params['final_ln']['scale'], params['final_ln']['bias'])

    # Output projection
    logits = x @ params['output_weight']

    return logits
