# Source: https://github.com/google-deepmind/annealed_flow_transport/blob/09688408bac3588583e719b054d03ae6d05c1c4f/annealed_flow_transport/expectations.py
# Title: annealed_flow_transport/expectations.py (Expectations to be estimated from samples and log weights)
# Cut: kept the two lattice observables; the ExpectationLogger that jits each expectation class is
#      reproduced from evaluation.py at the end (same commit), with its moving averages dropped.
import math

import qft_observables
import jax
import jax.numpy as jnp
import numpy as np

Array = jax.Array


class TwoPointSusceptibility():
  """A wrapper for the two point susceptibility observable."""

  def __init__(self, config, num_dim: int):
    self._config = config
    self._num_grid_per_dim = int(math.sqrt(num_dim))
    assert self._num_grid_per_dim ** 2 == num_dim

  def __call__(self,
               samples: Array,
               log_weights: Array) -> Array:
    num_batch = np.shape(samples)[0]
    reshaped_samples = jnp.reshape(samples, (num_batch,
                                             self._num_grid_per_dim,
                                             self._num_grid_per_dim))

    return qft_observables.estimate_two_point_susceptibility(
        reshaped_samples, log_weights, self._num_grid_per_dim)


class IsingEnergyDensity():
  """A wrapper for the Ising energy density observable."""

  def __init__(self, config, num_dim: int):
    self._config = config
    self._num_grid_per_dim = int(math.sqrt(num_dim))
    assert self._num_grid_per_dim ** 2 == num_dim

  def __call__(self,
               samples: Array,
               log_weights: Array) -> Array:
    num_batch = np.shape(samples)[0]
    reshaped_samples = jnp.reshape(samples, (num_batch,
                                             self._num_grid_per_dim,
                                             self._num_grid_per_dim))

    return qft_observables.estimate_ising_energy_density(
        reshaped_samples, log_weights)


class ExpectationLogger(object):
  """Compute and log expectations based on particles (evaluation.py)."""

  def __init__(self, expectation_config, num_dim: int):
    self._expectation_config = expectation_config
    self._step = 0

    self._expectations = []
    for config in self._expectation_config.configurations:
      exp_class = globals()[config.name]
      self._expectations.append(jax.jit(exp_class(config, num_dim)))

  def record_expectations(self, particle_state):
    """Record expectations based on particle state."""
    values = []
    for index, expectation in enumerate(self._expectations):
      expectation_val = expectation(particle_state.samples,
                                    particle_state.log_weights)
      values.append(expectation_val)
    self._step += 1
    return values
