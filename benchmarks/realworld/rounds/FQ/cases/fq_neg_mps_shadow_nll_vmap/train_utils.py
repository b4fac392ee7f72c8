# Source: https://github.com/teng10/tn-shadow-qst/blob/1763c2fa928454acd540f026c880a7dd782bc610/tn_generative/train_utils.py
# Title: tn_generative/train_utils.py (MPS tomography from classical shadows)
# Cut: evaluate_model, full-batch training, the regularizer registry and the timing/metrics
#      bookkeeping cut; the batched negative log-likelihood and the minibatch Adam loop kept.
"""Training and evaluation helper functions."""
from typing import Any, Dict, Sequence, Tuple

import tqdm
import numpy as np
import jax
import jax.numpy as jnp
import optax
import pandas as pd
import xarray as xr
import quimb.tensor as qtn
import tensorflow as tf

from tn_generative import mps_utils

def measurement_log_likelihood(
    mps: qtn.MatrixProductState,
    measurement: jax.Array,
    basis: jax.Array | None = None,
) -> float:
  """Evaluates log-likelihood of measurement for MPS described by `mps`.
  """
  amplitude = mps_utils.amplitude_via_contraction(mps, measurement, basis)
  sqrt_probability = jnp.abs(amplitude)
  return 2 * (jnp.log(sqrt_probability))


@jax.jit
def batched_neg_ll_loss_fn(
    mps_arrays: Sequence[jax.Array],
    measurements: jax.Array,
    bases: jax.Array | None = None,
) -> float:
  """Batched negative log likelihood loss function."""
  batched_ll_fn = jax.vmap(measurement_log_likelihood, in_axes=(None, 0, 0))
  mps = qtn.MatrixProductState(arrays=mps_arrays)
  norm = mps.norm().real  # NOTE: can compute norm once and reuse.
  loss_fn = lambda p, m, b: (-jnp.mean(batched_ll_fn(p, m, b))
    + 2 * jnp.log(norm)
  )
  return loss_fn(mps, measurements, bases)


def run_minibatch_trainig(
    mps: qtn.MatrixProductState,
    train_ds: xr.Dataset,
    test_ds: xr.Dataset,
    training_config: Dict[str, Any],
    num_training_steps: int,
) -> Tuple[pd.DataFrame, pd.DataFrame, qtn.MatrixProductState]:
  """Runs training using adam on mini-batches of data.

  Args:
    mps: initial state to train.
    train_ds: default tomography dataset containing `measurement`, `basis`.
    test_ds: test dataset to evaluate the model on.
    training_config: dictionary containing training configuration.
    num_training_steps: number of training steps.

  Returns:
    train_df: pandas dataframe containing training loss and optimization step.
    eval_df: pandas dataframe containing evaluation metrics.
    trained_mps: trained MPS state.
  """
  get_regularization_fn = None  # REGULARIZER_REGISTRY[training_config.reg_name]
  if get_regularization_fn is not None:
    regularization_fn = get_regularization_fn(
        train_ds=train_ds,
        **training_config.reg_kwargs
    )
    loss_fn = lambda psi_arrays, m, b: (batched_neg_ll_loss_fn(psi_arrays, m, b)
    + regularization_fn(psi_arrays))  #TODO(YT): difference to jit? -> No
  else:
    loss_fn = lambda psi_arrays, m, b: batched_neg_ll_loss_fn(psi_arrays, m, b)
    regularization_fn = None  # for eval_df, otherwise raise an error.

  loss_and_grad_fn = jax.value_and_grad(jax.jit(loss_fn))

  params = mps.copy().arrays
  #TODO(YT): try different optimizers?
  opt_init_fn, opt_update_fn = optax.adam(**training_config.opt_kwargs)
  opt_state = opt_init_fn(params)

  @jax.jit
  def train_step_fn(params, opt_state, measurement, basis):
    loss_value, grad = loss_and_grad_fn(params, measurement, basis)
    grad = jax.tree_util.tree_map(jnp.conjugate, grad)
    updates, opt_state = opt_update_fn(grad, opt_state, params)
    params = optax.apply_updates(params, updates)
    params = mps_utils.uniform_param_normalize(params)
    # grad_norms = jax.tree_util.tree_map(jnp.linalg.norm, grad)
    return params, opt_state, loss_value

  training_kwargs = training_config.training_kwargs
  tf_dataset = tf.data.Dataset.from_tensor_slices(
      (train_ds.measurement.values, train_ds.basis.values))
  tf_dataset = tf_dataset.shuffle(buffer_size=1024 * 20)
  tf_dataset = tf_dataset.cache()
  tf_dataset = tf_dataset.batch(training_kwargs['batch_size'])
  tf_dataset = tf_dataset.repeat()  # makes it infinite.
  train_iter = tf_dataset.as_numpy_iterator()

  pbar = tqdm.tqdm(range(num_training_steps),
                   desc='Step', position=0, leave=True)
  results = []
  for i in pbar:
    measurement, basis = next(train_iter)
    params, opt_state, l = train_step_fn(params, opt_state, measurement, basis)
    if i % training_kwargs['record_loss_interval'] == 0:
      metrics_dict = {
          'loss': jax.device_get(l),
          'opt_step': jax.device_get(i),
      }
      results.append(metrics_dict)
      pbar.set_postfix(results[-1])
  trained_mps = qtn.MatrixProductState(params)
  train_df = pd.DataFrame(jax.device_get(results))
  return train_df, trained_mps
