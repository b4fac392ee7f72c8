# Source: https://github.com/kenziyuliu/pets-challenge/blob/3bc2fa90804831a7ef31cdd8da8e1853fc217979/submission_src/pandemic/training_utils.py
# Title: submission_src/pandemic/training_utils.py (PETs challenge pandemic track: local DP-SGD / MR-MTL client training)
# Cut: lines from the hyperparameters block through train_model kept as written; unused imports, evaluation and checkpoint helpers dropped; loss functions imported from loss_utils.
import gc
import time
from functools import partial
from typing import Optional

import chex
from loguru import logger
import jax
import jax.numpy as jnp
from jax import random, jit, vmap, grad, value_and_grad, device_put
from jax.tree_util import tree_map
import numpy as np
import optax
from sklearn.metrics import average_precision_score
import tensorflow as tf  # For dataloading only
from tqdm import tqdm

import haiku as hk
from loss_utils import focal_loss, forward_focal_loss

###############################################
############### Hyperparameters ###############
###############################################

FOCAL_ALPHA = 0.75
LOG_FREQ = 500

CENTRAL_HPARAMS = {}
CENTRAL_HPARAMS['log_freq'] = LOG_FREQ
CENTRAL_HPARAMS['batch_size'] = 512
CENTRAL_HPARAMS['lr'] = 0.2
CENTRAL_HPARAMS['num_epochs'] = 2
CENTRAL_HPARAMS['neighborhood_sizes'] = [20]
CENTRAL_HPARAMS['focal_alpha'] = FOCAL_ALPHA
CENTRAL_HPARAMS['seed'] = 1234
CENTRAL_HPARAMS['early_stop'] = 1.0
CENTRAL_HPARAMS['l2_clip'] = 15.0
CENTRAL_HPARAMS['noise_mult'] = 0.01

FED_HPARAMS = {}
FED_HPARAMS['log_freq'] = LOG_FREQ
FED_HPARAMS['batch_size'] = 512
FED_HPARAMS['lr'] = 0.2
FED_HPARAMS['num_epochs'] = 1  # Number of local epochs in each round
FED_HPARAMS['neighborhood_sizes'] = [20]
FED_HPARAMS['focal_alpha'] = FOCAL_ALPHA
FED_HPARAMS['seed'] = 4321
FED_HPARAMS['num_rounds'] = 2
FED_HPARAMS['early_stop'] = 1.0
FED_HPARAMS['mrmtl_lam'] = 0.0003
FED_HPARAMS['l2_clip'] = 15.0
FED_HPARAMS['noise_mult'] = 0.01

DATA_LOSS_FN = partial(focal_loss, alpha=FOCAL_ALPHA)
MODEL_LOSS_FN = partial(forward_focal_loss, alpha=FOCAL_ALPHA)
LOCAL_TESTING = False

if LOCAL_TESTING:
  LOG_FREQ = CENTRAL_HPARAMS['log_freq'] = FED_HPARAMS['log_freq'] = 50

############################################
############### Architecture ###############
############################################


def model_fn(inputs, out_dim=1, num_groups=16, **kwargs):
  """Model definition in JAX/Haiku."""

  ### MLP
  # May use `tanh` instead of `relu` following tempered sigmoids paper
  # May use `groupnorm` instead of any other norm layers following deepmind paper
  # activation_fn = jax.nn.tanh
  # activation_fn = jax.nn.relu
  # return hk.Sequential([
  #     hk.Flatten(),
  #     hk.Linear(512), activation_fn,
  #     hk.GroupNorm(groups=num_groups),
  #     # hk.Linear(384), activation_fn,
  #     # hk.GroupNorm(groups=num_groups),
  #     hk.Linear(256), activation_fn,
  #     hk.GroupNorm(groups=num_groups),
  #     hk.Linear(out_dim)
  # ])(inputs)

  ### Logistic regression
  zero_init = hk.initializers.Constant(0)
  return hk.Sequential([
      hk.Flatten(),
      hk.Linear(out_dim, w_init=zero_init),
  ])(inputs)


############################################
############## Model training ##############
############################################


def create_model(model_fn):
  model = hk.without_apply_rng(hk.transform(model_fn))
  return model


def init_model(model, batch_input_template, seed: int):
  key = random.PRNGKey(seed=seed)
  params = model.init(key, batch_input_template)
  return params


def forward_model(model, params, inputs):
  logits = model.apply(params=params, inputs=inputs).squeeze()
  return logits


def compute_batch_metrics(logits, targets):
  """Compute metrics for the given logits and targets."""
  logits = jnp.atleast_1d(logits)
  targets = jnp.atleast_1d(targets)
  probs = jnp.atleast_1d(jax.nn.sigmoid(logits))
  preds = jnp.round(probs)
  auprc = average_precision_score(targets, probs)
  acc = float(jnp.mean(jnp.round(probs) == targets))
  return auprc, acc


def train_model(model,
                params: chex.ArrayTree,
                loader: tf.data.Dataset,
                num_epochs: int,
                lr: float,
                mrmtl_lam: float = 0.0,
                mrmtl_params: Optional[chex.ArrayTree] = None,
                l2_clip=None,
                noise_mult=None,
                seed=None,
                early_stop: float = 1.0):
  """Train a model on the given dataloader."""

  # Create optimizer (leave out momentum for now)
  using_dpsgd = l2_clip is not None and noise_mult is not None
  if using_dpsgd:
    if seed is None:  # randomly choose a seed if not provided
      rng = np.random.default_rng()
      seed = rng.integers(low=0, high=2**32 - 1)
    logger.info(f'************* Using DP-SGD with seed {seed} *************')
    optimizer = optax.dpsgd(learning_rate=lr,
                            l2_norm_clip=l2_clip,
                            noise_multiplier=noise_mult,
                            seed=seed)
  else:
    optimizer = optax.sgd(learning_rate=lr)
  opt_state = optimizer.init(params)

  # Create loss function, and per-example vmapped version
  model_loss_fn = partial(MODEL_LOSS_FN, model)
  lossgrad_fn = vmap(value_and_grad(model_loss_fn), in_axes=(None, 0), out_axes=0)

  @jit
  def batch_update(iter_idx, cur_params, cur_opt_state, batch):
    logits = forward_model(model, cur_params, batch[0])
    example_losses, grads = lossgrad_fn(cur_params, batch)

    if mrmtl_lam > 0.0 and mrmtl_params is not None:
      # Add the model proximal grads to the example grads
      model_diff = tree_map(lambda x, y: x - y, cur_params, mrmtl_params)
      model_diff_grads = tree_map(lambda x: x * mrmtl_lam * 2.0, model_diff)
      grads = tree_map(lambda x, y: x + y, grads, model_diff_grads)

    if not using_dpsgd:
      # Mean over the example gradients
      grads = tree_map(lambda x: jnp.mean(x, axis=0), grads)

    updates, new_opt_state = optimizer.update(grads, cur_opt_state, cur_params)
    new_params = optax.apply_updates(cur_params, updates)
    # Also return logits for logging
    return new_params, new_opt_state, logits, example_losses

  if LOCAL_TESTING:
    logger.remove(0)  # the first handler should be the default one
    logger.add(lambda msg: tqdm.write(msg, end=''), colorize=True)

  num_batches = len(loader)
  logger.info(f'{num_epochs=} * {num_batches=} == {num_epochs * num_batches} iters')
  for epoch_idx in range(num_epochs):
    epoch_tqdm = tqdm(loader.as_numpy_iterator(),
                      total=num_batches,
                      desc=f'Training epoch = {epoch_idx + 1} (update/1min)',
                      mininterval=60.0)
    for batch_idx, batch in enumerate(epoch_tqdm):
      _t0 = time.perf_counter()
      batch = device_put(batch)
      batch_x, batch_y = batch
      iter_idx = epoch_idx * num_batches + batch_idx
      _t1 = time.perf_counter()
      params, opt_state, logits, losses = batch_update(iter_idx, params, opt_state, batch)
      _t2 = time.perf_counter()
      # Metrics
      if iter_idx % LOG_FREQ == 0:
        # auprc, acc, recall, f1, fp, fn = compute_batch_metrics(logits, batch_y)
        auprc, acc = compute_batch_metrics(logits, batch_y)
        loss = float(losses.mean())
        _t3 = time.perf_counter()
        metrics = {
            'iter_idx': iter_idx,
            'batch_auprc': auprc,
            'batch_loss': loss,
            'batch_acc': acc,
            'batch_update_time': _t2 - _t0,
            'batch_metrics_time': _t3 - _t2,
            'batch_total_time': _t3 - _t0,
        }
        logger.info(metrics)

      # Early stopping if needed
      if early_stop < 1.0 and batch_idx > (early_stop * num_batches):
        logger.info(f'Early stopping at {batch_idx=} with {early_stop=}')
        break

    gc.collect()

  logger.info('Finished training!')
  return params

