# Source: https://github.com/huangeddie/MuZeroGoJax/blob/1142adc65a5086ef01304714bdaa45dea2f940f7/src/muzero_gojax/losses.py
# Title: src/muzero_gojax/losses.py (commit "Add rotation augmentation to value loss"), huangeddie/MuZeroGoJax
# Cut: update_cum_value_loss (8-fold dihedral augmentation written as a 7-step Python loop of slice
# updates), the k-step fori_loop that calls it and the value_and_grad entry point; decode, policy and
# transition losses and the metrics bookkeeping dropped; LossData reduced to the fields used here.
from typing import NamedTuple

import haiku as hk
import jax.nn
import jax.tree_util
import optax
from jax import lax
from jax import numpy as jnp

from muzero_gojax import models
from muzero_gojax import nt_utils


class LossData(NamedTuple):
    nt_curr_embeds: jnp.ndarray
    nt_game_winners: jnp.ndarray
    cum_val_loss: jnp.ndarray = 0


def update_cum_value_loss(go_model: hk.MultiTransformed, params: optax.Params, data: LossData,
                          nt_mask: jnp.ndarray) -> LossData:
    """Updates the cumulative value loss with rotation and flipping augmentation."""
    value_model = go_model.apply[models.VALUE_INDEX]
    batch_size, total_steps = data.nt_curr_embeds.shape[:2]
    # N x C x H x W
    states = nt_utils.flatten_first_two_dims(data.nt_curr_embeds)
    group_size = len(states) // 8
    for i in range(1, 8):
        augmented_states = jnp.rot90(states[i * group_size:(i + 1) * group_size], k=i, axes=(2, 3))
        if i >= 4:
            augmented_states = jnp.flip(augmented_states, axis=(2 if i % 2 == 0 else 3))
        states = states.at[i * group_size:(i + 1) * group_size].set(augmented_states)
    flat_value_logits = value_model(params, None, states)
    value_logits = jnp.reshape(flat_value_logits, (batch_size, total_steps))
    labels = (data.nt_game_winners + 1) / jnp.array(2, dtype='bfloat16')
    data = data._replace(
        cum_val_loss=data.cum_val_loss + nt_utils.nt_sigmoid_cross_entropy(value_logits,
                                                                           labels=labels,
                                                                           nt_mask=nt_mask))
    return data


def update_k_step_losses(go_model: hk.MultiTransformed, params: optax.Params, i: int,
                         data: LossData) -> LossData:
    batch_size, total_steps = data.nt_curr_embeds.shape[:2]
    nt_suffix_mask = nt_utils.make_suffix_nt_mask(batch_size, total_steps, total_steps - i)
    data = update_cum_value_loss(go_model, params, data, nt_suffix_mask)
    return data


def compute_k_step_losses(go_model, params, trajectories, embeddings, hypo_steps: int) -> LossData:
    data: LossData = lax.fori_loop(lower=0, upper=hypo_steps,
                                   body_fun=jax.tree_util.Partial(update_k_step_losses, go_model,
                                                                  params),
                                   init_val=LossData(embeddings, trajectories.nt_game_winners))
    return data


def aggregate_k_step_losses(go_model, params, trajectories, embeddings, hypo_steps):
    loss_data = compute_k_step_losses(go_model, params, trajectories, embeddings, hypo_steps)
    return loss_data.cum_val_loss, loss_data


def compute_loss_gradients_and_metrics(go_model, params, trajectories, embeddings, hypo_steps):
    """Computes the gradients of the loss function."""
    loss_fn = jax.value_and_grad(aggregate_k_step_losses, argnums=1, has_aux=True)
    (_, metric_data), grads = loss_fn(go_model, params, trajectories, embeddings, hypo_steps)
    return grads, metric_data
