# Source: https://github.com/huangeddie/MuZeroGoJax/blob/19b1e80cdd18436a3913c1fb2408ae6fb29c453f/src/muzero_gojax/losses.py
# Title: src/muzero_gojax/losses.py, huangeddie/MuZeroGoJax
# Cut: kept update_k_step_losses (policy/transition parts shortened), compute_k_step_losses with its
# lax.fori_loop over hypothetical steps, and compute_k_step_total_loss; helper losses reduced to
# signatures-with-bodies needed to read the code.
import haiku as hk
import jax.nn
import jax.tree_util
import optax
from jax import lax
from jax import numpy as jnp

from muzero_gojax import game


def nt_sigmoid_cross_entropy(value_logits, labels, nt_mask=None):
    if nt_mask is None:
        nt_mask = jnp.ones_like(value_logits)
    cross_entropy = -labels * jax.nn.log_sigmoid(value_logits) - (1 - labels) * jax.nn.log_sigmoid(-value_logits)
    return jnp.sum(cross_entropy * nt_mask) / jnp.sum(nt_mask, dtype='bfloat16')


def make_nt_mask(batch_size: int, total_steps: int, step: int) -> jnp.ndarray:
    return jnp.repeat(jnp.expand_dims(jnp.arange(total_steps) < step, 0), batch_size, axis=0)


def compute_value_loss(value_model, params, model_state, i, nt_embeds, nt_game_winners):
    batch_size, total_steps = nt_embeds.shape[:2]
    embed_shape = nt_embeds.shape[2:]
    num_examples = batch_size * total_steps
    labels = (jnp.roll(nt_game_winners, shift=i) + 1) / 2
    flat_value_logits, model_state = value_model(params, model_state, None,
                                                 jnp.reshape(nt_embeds, (num_examples,) + embed_shape))
    return nt_sigmoid_cross_entropy(jnp.reshape(flat_value_logits, (batch_size, total_steps)), labels,
                                    nt_mask=make_nt_mask(batch_size, total_steps, total_steps - i)), model_state


def update_k_step_losses(go_model: hk.MultiTransformedWithState, params: optax.Params, temp: float, i: int, data: dict):
    embed_model, value_model, policy_model, transition_model = go_model.apply
    batch_size, total_steps = data['nt_embeds'].shape[:2]
    num_examples = batch_size * total_steps
    embed_shape = data['nt_embeds'].shape[2:]

    # Update the cumulative value loss.
    value_loss, data['model_state'] = compute_value_loss(value_model, params, data['model_state'], i, data['nt_embeds'],
                                                         data['nt_game_winners'])
    data['cum_val_loss'] += value_loss

    # Get the transitions.
    flat_transitions, data['model_state'] = transition_model(params, data['model_state'], None,
                                                             jnp.reshape(data['nt_embeds'],
                                                                         (num_examples,) + embed_shape))

    # Update the state embeddings from the transitions indexed by the played actions.
    nt_next_embeds = jnp.reshape(
        flat_transitions[jnp.arange(num_examples), jnp.reshape(data['nt_actions'], num_examples)],
        (batch_size, total_steps, *embed_shape))
    nt_hypothetical_embeds = jnp.roll(nt_next_embeds, -1, axis=1)
    data['nt_embeds'] = nt_hypothetical_embeds
    return data


def compute_k_step_losses(go_model: hk.MultiTransformedWithState, params: optax.Params, model_state: dict,
                          trajectories: jnp.ndarray, k=1, temp: float = 1):
    embed_model = go_model.apply[0]
    batch_size, total_steps, channels, nrows, ncols = trajectories.shape
    embeddings, model_state = embed_model(params, model_state, None,
                                          jnp.reshape(trajectories, (batch_size * total_steps, channels, nrows, ncols)))
    embed_shape = embeddings.shape[1:]
    actions, game_winners = game.get_actions_and_labels(trajectories)
    data = lax.fori_loop(lower=0, upper=k, body_fun=jax.tree_util.Partial(update_k_step_losses, go_model, params, temp),
                         init_val={
                             'model_state': model_state,
                             'nt_embeds': jnp.reshape(embeddings, (batch_size, total_steps) + embed_shape),
                             'nt_actions': actions, 'nt_game_winners': game_winners, 'cum_embed_loss': 0,
                             'cum_val_loss': 0, 'cum_policy_loss': 0,
                         })
    return {key: data[key] for key in ['cum_embed_loss', 'cum_val_loss', 'cum_policy_loss', 'model_state']}


def compute_k_step_total_loss(go_model: hk.MultiTransformedWithState, params: optax.Params, model_state: dict,
                              trajectories: jnp.ndarray, k: int = 1, temp: float = 1):
    metrics_data = compute_k_step_losses(go_model, params, model_state, trajectories, k, temp)
    return metrics_data['cum_embed_loss'] + metrics_data['cum_val_loss'] + metrics_data['cum_policy_loss'], metrics_data
