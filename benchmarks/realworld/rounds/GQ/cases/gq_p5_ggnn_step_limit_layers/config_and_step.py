# Source: https://github.com/google-research/runtime-error-prediction/blob/1eefe57183434a754171dd3db893831d45d12671/core/lib/trainer.py
# Title: runtime-error-prediction core/lib/trainer.py and config/default.py (train step that differentiates the model)
# Cut: the config values are from config/default.py (lines 69-79); make_train_step reduced to the value_and_grad call; the loss builds the model via a model_fn
import dataclasses

import jax
import ml_collections


def get_config():
  config = ml_collections.ConfigDict()
  config.ggnn_use_fixed_num_layers = True
  config.ggnn_layers = 3
  config.max_steps: int = 174
  return config


def make_train_step(loss_fn, config):
  grad_clip_value = config.grad_clip_value

  @jax.jit
  def train_step(state, batch):
    """The on-device part of a train step."""
    new_rng, dropout_rng = jax.random.split(state.rng, 2)
    state = dataclasses.replace(state, rng=new_rng)

    grad_fn = jax.value_and_grad(loss_fn, argnums=0, has_aux=True)
    (loss, loss_aux), grads = grad_fn(state.params, batch, dropout_rng)
    if config.multidevice:
      grads = jax.lax.pmean(grads, 'batch')
    state = state.apply_gradients(grads=grads)
    return state, {'loss': loss, 'logits': loss_aux['logits']}
  return train_step
