# Source: https://github.com/teng10/tn-shadow-qst/blob/1763c2fa928454acd540f026c880a7dd782bc610/tn_generative/train_utils.py
# Title: tn_generative/train_utils.py
# Cut: minibatch training and evaluation cut; full-batch L-BFGS training through quimb's TNOptimizer
#      (autodiff_backend='jax', which jit-compiles the loss and its gradient) kept.
"""Training and evaluation helper functions."""
import functools
from typing import Any, Dict, Sequence, Tuple
import time
import tqdm

import pandas as pd
import xarray as xr
import numpy as np
import jax
import jax.numpy as jnp
import optax
import quimb.tensor as qtn
import tensorflow as tf


from tn_generative import data_generation
from tn_generative import data_utils
from tn_generative import mps_utils
from tn_generative import func_utils
from tn_generative import regularizers

REGULARIZER_REGISTRY = regularizers.REGULARIZER_REGISTRY
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


def run_full_batch_training(
    mps: qtn.MatrixProductState,
    train_ds: xr.Dataset,
    test_ds: xr.Dataset,
    training_config: Dict[str, Any],
    num_training_steps: int,
) -> Tuple[pd.DataFrame, pd.DataFrame, qtn.MatrixProductState]:
  """Runs training with full-batch optimization using LBFGS.

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
  measurements = train_ds.measurement.values
  bases = train_ds.basis.values
  get_regularization_fn = REGULARIZER_REGISTRY[training_config.reg_name]
  if get_regularization_fn is not None:
    physical_system = data_utils.physical_system_from_attrs_dict(train_ds.attrs)
    regularization_fn = get_regularization_fn(
        system=physical_system, train_ds=train_ds,
        **training_config.reg_kwargs
    )
    loss_fn = lambda psi, m, b: (batched_neg_ll_loss_fn(psi.arrays, m, b)
    + regularization_fn(psi.arrays))  #TODO(YT): is there a difference to jit?
  else:
    loss_fn = lambda psi, m, b: batched_neg_ll_loss_fn(psi.arrays, m, b)
    regularization_fn = None  # for eval_df, otherwise raise an error.
  loss_fn = functools.partial(loss_fn, m=measurements, b=bases)
  tnopt = qtn.TNOptimizer(
      mps,
      loss_fn=loss_fn,
      norm_fn=mps_utils.uniform_normalize,  # use normalize that acts on `mps`.
      autodiff_backend='jax',
  )
  start_training_time = time.time()
  trained_mps = tnopt.optimize(num_training_steps)
  end_training_time = time.time()
  train_df = pd.DataFrame({
      'loss': tnopt.losses,
      'opt_step': np.arange(len(tnopt.losses)),
  })
  train_df['training_time'] = end_training_time - start_training_time
  train_df = train_df.astype(np.float32)
  return train_df, trained_mps
