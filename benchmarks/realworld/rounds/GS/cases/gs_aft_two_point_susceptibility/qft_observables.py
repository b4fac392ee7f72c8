# Source: https://github.com/google-deepmind/annealed_flow_transport/blob/09688408bac3588583e719b054d03ae6d05c1c4f/annealed_flow_transport/qft_observables.py
# Title: annealed_flow_transport/qft_observables.py (QFT observables, particularly phi^four theory)
# Cut: kept the two-point Green's function, the two-point susceptibility and the Ising energy
#      density; dropped the zero-momentum and time-slice helpers and the licence header.
"""Quantum field theory (QFT) observables, particularly phi^four theory."""
from typing import Tuple


import chex
import jax
import jax.numpy as jnp
import numpy as np

Array = jax.Array


def estimate_two_point_green(offset_x: Tuple[int, int],
                             samples: Array,
                             log_weights: Array) -> Array:
  """Estimate the connected two point Green's function from weighted samples.

  This equals 1/V sum_y ( <phi(y) phi(y+x) > - <phi(y)><phi(y+x)>).
  Where V is the lattice volume. phi are the values of the field on the lattice.
  For more details see:

  Equation 22. Albergo, Kanwar and Shanahan (2019) Phys. Rev. D
    ''Flow-based generative models for Markov chain Monte Carlo
     in lattice field theory.''

  Args:
    offset_x: 2-tuple containing lattice offset x.
    samples: Array of size (num_batch, L_x, L_y)- particle values on 2D lattice.
    log_weights: Array of size (num_batch,) - particle log weights.
  Returns:
    Scalar estimate of two point greens function at offset_x.
  """
  chex.assert_rank([samples, log_weights], [3, 1])
  offset_samples = jnp.roll(samples, shift=offset_x, axis=(1, 2))
  normalized_log_weights = jax.nn.softmax(log_weights)
  # In this case means are all taken to be zero by symmetry.
  covariance = jnp.sum(
      normalized_log_weights[:, None, None] * samples * offset_samples, axis=0)
  # take spatial mean 1/V sum_y ...
  two_point_green = jnp.mean(covariance)
  return two_point_green


def estimate_two_point_susceptibility(samples: Array,
                                      log_weights: Array,
                                      num_grid_per_dim: int) -> Array:
  """Estimate the two point susceptibility."""
  total = 0.
  for row_index in range(num_grid_per_dim):
    for col_index in range(num_grid_per_dim):
      offset = (row_index, col_index)
      total += estimate_two_point_green(offset, samples, log_weights)
  return total


def estimate_ising_energy_density(samples: Array,
                                  log_weights: Array) -> Array:
  """Estimate Ising energy density."""
  total = 0.
  unit_displacements = [(0, 1), (1, 0)]
  for offset in unit_displacements:
    total += estimate_two_point_green(offset, samples, log_weights)
  return total/len(unit_displacements)
