# Source: https://github.com/byronknoll/jax-compress/blob/77adbc581eb0819a77e47c50ff6ed8ece338e60c/jax_compress.ipynb
# Title: jax-compress notebook, cell "Compression Library" (online update step)
# Cut: update_step verbatim; predict_step, retrain_step and process() omitted.
#      Parameters cell values noted below (seq_length=15, num_layers=8, ensemble_size=1).
from functools import partial

import jax
import jax.numpy as jnp
import optax


@partial(jax.jit, static_argnames=['model', 'optimizer'])
def update_step(model, optimizer, params, opt_state, inputs, states, symbols, mask):
    """Runs forward+backward pass to update ensemble models and get next states."""

    def single_update(p, opt_s, s):
        def loss_func(params_single):
            # Disable dropout for online single-step updates.
            l_logits, l_states = model.apply(params_single, inputs, s, deterministic=True, return_sequence=False)
            one_hot = jax.nn.one_hot(symbols, model.vocab_size)

            # Compute cross-entropy loss.
            loss_vals = optax.softmax_cross_entropy(l_logits, one_hot)

            # Pack supplementary loss logic and metrics into the aux return.
            return jnp.sum(loss_vals * mask), (l_states, jax.nn.log_softmax(l_logits))

        (loss_val, (new_s, log_probs)), grads = jax.value_and_grad(loss_func, has_aux=True)(p)

        updates, new_opt_s = optimizer.update(grads, opt_s, p)
        new_p = optax.apply_updates(p, updates)
        return new_p, new_opt_s, new_s, log_probs

    # Vectorize the update across the entire ensemble.
    new_params, new_opt_state, new_states, all_log_probs = jax.vmap(
        single_update, in_axes=(0, 0, 0)
    )(params, opt_state, states)

    # Calculate aggregate ensemble loss based on geometric mean probabilities.
    mean_log_probs = jnp.mean(all_log_probs, axis=0) # (batch, vocab)

    one_hot = jax.nn.one_hot(symbols, model.vocab_size)
    # Cross entropy mapping from the normalized geometric values.
    loss_vals = optax.softmax_cross_entropy(mean_log_probs, one_hot)

    denom = jnp.sum(mask)
    return new_params, new_opt_state, new_states, jnp.sum(loss_vals * mask), denom
