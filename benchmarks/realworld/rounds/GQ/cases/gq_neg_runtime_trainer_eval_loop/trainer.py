# Source: https://github.com/google-research/runtime-error-prediction/blob/1eefe57183434a754171dd3db893831d45d12671/core/lib/trainer.py
# Title: runtime-error-prediction core/lib/trainer.py (train step, pmap wrapping and the evaluation loop)
# Cut: Trainer methods turned into functions taking config/loss_fn; run_eval reduced to the loss, prediction and target lists (the list handling after the loop is reconstructed)
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
import tensorflow as tf
import tensorflow_datasets as tfds
from flax.training import common_utils


def make_train_step(loss_fn, config):
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
    aux = {
        'logits': loss_aux['logits'],
        'loss': loss,
    }
    for key in [
        'raise_decisions',
        'instruction_pointer',
        'instruction_pointer_orig',
        'localization_logits',
    ]:
      if key in loss_aux:
        aux[key] = loss_aux[key]
    return state, aux
  if config.multidevice:
    train_step = jax.pmap(
        train_step,
        axis_name='batch',
        in_axes=(None, 0),
        out_axes=(None, 0),
    )
  return train_step


def run_eval(config, dataset, state, evaluate_batch):
  predictions = []
  targets = []
  losses = []
  dataset = (
      dataset
      .filter(lambda x: tf.random.uniform(shape=()) < config.eval_subsample)
      .take(config.eval_max_batches)
  )
  for batch in tfds.as_numpy(dataset):
    if config.multidevice:
      batch = common_utils.shard(batch)
    evaluate_batch_outputs = evaluate_batch(batch, state)
    logits = np.array(evaluate_batch_outputs['logits'])
    loss = np.array(evaluate_batch_outputs['loss'])
    predictions.append(np.argmax(logits, -1))
    targets.append(np.array(batch['target']).reshape(-1))
    losses.append(loss)
  return np.concatenate(predictions), np.concatenate(targets), np.mean(losses)
