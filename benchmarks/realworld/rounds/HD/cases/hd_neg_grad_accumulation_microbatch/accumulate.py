# Source: https://github.com/SatvikPraveen/JAX-NSL/blob/82c4e21cb2bf6c77372accb4b438f37e13b9dbaf/notebooks/capstone_projects/21_large_scale_training.ipynb
# Title: 21_large_scale_training.ipynb (large-scale training capstone)
# Cut: gradient_accumulation_step from cell 7 (lifted out of create_memory_optimization) and its
#      test from cell 8 (try/except removed; the notebook calls it through the returned name
#      grad_accumulation); transformer_params, test_input, test_targets and MODEL_CONFIG come
#      from earlier cells.
import jax
import jax.numpy as jnp

from model import transformer_forward


def gradient_accumulation_step(params, batch_data, config, accumulation_steps=4):
    """Gradient accumulation for effective larger batch sizes"""

    def loss_fn_single(params, input_ids, target_ids):
        logits = transformer_forward(params, input_ids, config)
        log_probs = jax.nn.log_softmax(logits, axis=-1)

        # Simplified loss computation
        batch_size, seq_len = target_ids.shape
        loss = -jnp.mean(jnp.sum(
            jax.nn.one_hot(target_ids, config['vocab_size']) * log_probs,
            axis=-1
        ))
        return loss / accumulation_steps  # Scale by accumulation steps

    # Accumulate gradients over micro-batches
    accumulated_grads = jax.tree_map(jnp.zeros_like, params)
    total_loss = 0.0

    for i in range(accumulation_steps):
        micro_batch = jax.tree_map(
            lambda x: x[i * len(x) // accumulation_steps:(i + 1) * len(x) // accumulation_steps],
            batch_data
        )

        loss, grads = jax.value_and_grad(loss_fn_single)(
            params, micro_batch['input_ids'], micro_batch['target_ids']
        )

        # Accumulate
        accumulated_grads = jax.tree_map(
            lambda acc, grad: acc + grad, accumulated_grads, grads
        )
        total_loss += loss

    return accumulated_grads, total_loss


# Test gradient accumulation
micro_batch_data = {
    'input_ids': test_input[:1],  # Single example for demonstration
    'target_ids': test_targets[:1]
}

accum_grads, accum_loss = gradient_accumulation_step(
    transformer_params, micro_batch_data, MODEL_CONFIG, accumulation_steps=2
)
print(f"Gradient accumulation loss: {accum_loss:.6f}")
print(f"Accumulated gradient norm: {jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree_leaves(accum_grads))):.6f}")
