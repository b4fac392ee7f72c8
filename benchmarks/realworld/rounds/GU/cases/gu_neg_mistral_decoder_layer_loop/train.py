# Source: https://github.com/yixiaoer/mistral-jax/blob/115d240fce8ae5929a89e72f445199b06228f256/train.py
# Title: mistral-jax: train.py (value_and_grad of the Mistral LM loss)
# Cut: kept imports used, loss_and_grad and the inner training loop verbatim; cut model loading, sharding and dataloader setup (replaced by arguments of the reconstructed train() wrapper)
import jax

from functools import partial

from jax import Array, value_and_grad
import jax.numpy as jnp
from jax_smi import initialise_tracking
from mistral.model.mistral_lm import MistralLMParams, forward_mistral_lm
from mistral.model.rotary_embedding import RotaryValues

@value_and_grad
def loss_and_grad(params: MistralLMParams, seq_ids: Array, qk_mask: Array, label_ids: Array, label_mask: Array, rotary_values: RotaryValues) -> Array:
    logits, _ = forward_mistral_lm(params, seq_ids, qk_mask, rotary_values, None)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits=logits, labels=label_ids)
    loss = jnp.mean(loss, where=label_mask)
    return loss


def train(params, optimizer, opt_state, train_dataloader, rotary_values, epochs=3):
    for _ in range(epochs):
        for step, (seq_ids, seq_mask, label_ids, label_mask) in enumerate(train_dataloader):
            qk_mask = jnp.tril(jnp.einsum('bi,bj->bij', seq_mask, seq_mask))[:, None, None]
            loss, grad = loss_and_grad(params, seq_ids, qk_mask, label_ids, label_mask, rotary_values)

            updates, opt_state = optimizer.update(grad, opt_state, params)
            params = optax.apply_updates(params, updates)
            jax.debug.callback(print, loss)
