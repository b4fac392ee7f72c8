# Source: https://github.com/lowrollr/turbozero/blob/74cdb9cbd736b396141df4a07db268f28b687f9a/core/training/loss_fns.py
# Title: core/training/loss_fns.py (default AlphaZero loss), lowrollr/turbozero
# Cut: docstring shortened; a value_and_grad train step is added at the end as the caller (reconstructed
# from core/training/train.py).
from typing import Tuple

import chex
import jax
import jax.numpy as jnp
import optax
from flax.training.train_state import TrainState

from core.memory.replay_memory import BaseExperience


def az_default_loss_fn(params: chex.ArrayTree, train_state: TrainState, experience: BaseExperience,
                       l2_reg_lambda: float = 0.0001) -> Tuple[chex.Array, Tuple[chex.ArrayTree, optax.OptState]]:
    """ Implements the default AlphaZero loss function. """
    variables = {'params': params, 'batch_stats': train_state.batch_stats} \
        if hasattr(train_state, 'batch_stats') else {'params': params}
    mutables = ['batch_stats'] if hasattr(train_state, 'batch_stats') else []

    # get predictions
    (pred_policy, pred_value), updates = train_state.apply_fn(
        variables,
        x=experience.observation_nn,
        train=True,
        mutable=mutables
    )

    # set invalid actions in policy to -inf
    pred_policy = jnp.where(
        experience.policy_mask,
        pred_policy,
        jnp.finfo(jnp.float32).min
    )

    # compute policy loss
    policy_loss = optax.softmax_cross_entropy(pred_policy, experience.policy_weights).mean()
    # select appropriate value from experience.reward
    current_player = experience.cur_player_id
    target_value = experience.reward[jnp.arange(experience.reward.shape[0]), current_player]
    # compute MSE value loss
    value_loss = optax.l2_loss(pred_value.squeeze(), target_value).mean()

    # compute L2 regularization
    l2_reg = l2_reg_lambda * jax.tree_util.tree_reduce(
        lambda x, y: x + y,
        jax.tree_map(
            lambda x: (x ** 2).sum(),
            params
        )
    )

    # total loss
    loss = policy_loss + value_loss + l2_reg
    aux_metrics = {
        'policy_loss': policy_loss,
        'value_loss': value_loss
    }
    return loss, (aux_metrics, updates)


@jax.jit
def train_step(train_state: TrainState, experience: BaseExperience):
    grad_fn = jax.value_and_grad(az_default_loss_fn, has_aux=True)
    (loss, (metrics, updates)), grads = grad_fn(train_state.params, train_state, experience)
    train_state = train_state.apply_gradients(grads=grads)
    return train_state, loss, metrics
