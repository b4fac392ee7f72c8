# Source: https://github.com/khdlr/deep-acm/blob/6d35c72ec99d478a4e3cc48a36f83d02b6edfe92/train.py
# Title: train.py (commit "New Training Metrics and dynamic loss function")
# Cut: kept the loss selection, calculate_loss and the jitted train_step; dropped data loading, logging, checkpointing and main(). loss_fn is a global that main() sets from config.yml (SoftDTW(0.001) or DTW(), both subclasses of AbstractDTW); reconstructed here as a module-level assignment.
from typing import NamedTuple

import jax
import jax.numpy as jnp
import haiku as hk
import optax

import loss_functions


class TrainingState(NamedTuple):
    params: hk.Params
    model_state: hk.State
    opt_state: optax.OptState
    epoch: jnp.ndarray


loss_fn = loss_functions.DTW()


def calculate_loss(params, model_state, net, imagery, contours, is_training):
    init_contours = jnp.roll(contours, 1, 0)
    predictions, model_state = net.apply(params, model_state, imagery, init_contours, is_training)
    loss = jnp.mean(jax.vmap(loss_fn)(predictions, contours))
    return loss, model_state


def get_optimizer():
    optimizer = optax.chain(
      optax.clip_by_global_norm(0.25),
      optax.adam(1e-3, eps=1e-3)
    )
    return optimizer


@jax.partial(jax.jit, static_argnums=3)
def train_step(batch, state, key, net):
    imagery, contours = batch
    _, optimizer = get_optimizer()

    loss_closure = jax.partial(calculate_loss,
            model_state=state.model_state, net=net,
            imagery=imagery, contours=contours, is_training=True)
    (loss, new_model_state), gradients = jax.value_and_grad(loss_closure, has_aux=True)(state.params)
    updates, new_opt_state = optimizer(gradients, state.opt_state)
    new_params = optax.apply_updates(state.params, updates)
    return loss, TrainingState(
        params=new_params,
        model_state=new_model_state,
        opt_state=new_opt_state,
        epoch=state.epoch
    )
