# Source: https://github.com/teng10/tn-shadow-qst/blob/1763c2fa928454acd540f026c880a7dd782bc610/tn_generative/regularizers.py
# Title: tn_generative/regularizers.py
# Cut: registry decorator, Hamiltonian/density-matrix/subsystem regularizers cut; the Pauli-Z regularizer kept.
"""Regularizers for training MPS models."""
import functools
from typing import Callable, Optional, Sequence, Union

import numpy as np
import xarray as xr
import jax
import jax.numpy as jnp
import quimb as qu
import quimb.tensor as qtn

from tn_generative import estimates_utils
from tn_generative import mps_utils
from tn_generative import physical_systems
from tn_generative import shadow_utils

PhysicalSystem = physical_systems.PhysicalSystem

REGULARIZER_REGISTRY = {}  # define registry for regularization functions.


def get_pauli_z_reg_fn(
  system: PhysicalSystem,
  train_ds: xr.Dataset,
  method: str = 'mps',
  beta: Optional[Union[np.ndarray, float]] = 1.,
) -> Callable[[Sequence[jax.Array]], float]:
  """Returns regularization function for pauli z operators.

  Args:
    system: physical system where the dataset is generated from.
    train_ds: dataset containing `measurement`, `basis`.
    method: method used to compute expectation value of the regularization
        mpos and dataset `train_ds`.
    beta: regularization strength. Default is 1.

  Return:
    reg_fn: regularization function takes MPS arrays.
  """
  pauli_z_mpos = system.get_obs_mpos(
      [(1., ('z', i)) for i in range(system.n_sites)]
  )
  method_fn = functools.partial(
        estimates_utils.estimate_observable, method=method
    )
  pauli_z_estimates = np.array(
      [method_fn(train_ds, pauli_z) for pauli_z in pauli_z_mpos]
  )
  def reg_fn(mps_arrays):
    mps = qtn.MatrixProductState(arrays=mps_arrays)
    pauli_z_expectations = jnp.array([
        (mps.H @ (sz.apply(mps))) for sz in pauli_z_mpos
    ])
    return jnp.mean(
        beta * jnp.abs(pauli_z_expectations - pauli_z_estimates)**2
    )
  return reg_fn
