# Source: https://github.com/townsag/SimpleCall/blob/38bc4f4820965eb13caea9cbd0e4295b9d8d24c8/src/model.py
# Title: src/model.py
# Cut: kept the two jitted steps that differentiate/evaluate the CTC loss; model classes, decoding and epoch loops dropped.
import jax
import jax.numpy as jnp

from ctc_objectives import ctc_loss


@jax.jit
def train_step(state, samples, ground_truth_labels, labels_padding_mask, batch):
    def loss_fn(params):
        # apply can take both a single input or a vector of inputs
        x = jnp.expand_dims(samples, axis=2)
        # epsilon = 1e-10
        # logits = jnp.clip(state.apply_fn({'params': params}, x), a_min=epsilon, a_max=1-epsilon)
        logits = state.apply_fn({'params': params}, x)
        loss = ctc_loss(logits=logits,
                        logitpaddings=jnp.zeros((logits.shape[0], logits.shape[1])),
                        labels=ground_truth_labels,
                        labelpaddings=labels_padding_mask,
                        blank_id=0)
        mean_batch_loss = jnp.mean(loss)
        return mean_batch_loss, logits
  
    (mean_batch_loss, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)   # gradient descent is performed here

    # this abstracts away the optimizer function call and optimizer implementation behind the state class api
    state = state.apply_gradients(grads=grads) # update is performed here
    return state, logits, mean_batch_loss

@jax.jit
def eval_step(state, samples, ground_truth_labels, labels_padding_mask):
    x = jnp.expand_dims(samples, axis=2)
    logits = state.apply_fn({'params': state.params}, x)
    per_seq_loss = ctc_loss(logits=logits,
                            logitpaddings=jnp.zeros((logits.shape[0], logits.shape[1])),
                            labels=ground_truth_labels,
                            labelpaddings=labels_padding_mask,
                            blank_id=0)
    mean_batch_loss = jnp.mean(per_seq_loss)
    return logits, mean_batch_loss
