# Source: https://github.com/google-research/reverse-engineering-neural-networks/blob/5449da47db051cb073786615b2de52c9fdade319/renn/rnn/fixed_points.py
# Title: renn/rnn/fixed_points.py (fixed point finding for reverse engineering RNNs)
# Cut: license header and exclude_outliers cut.
"""Fixed point finding routines."""

import jax
import jax.numpy as jnp
import numpy as np
from scipy.spatial import distance

import utils

__all__ = ['build_fixed_point_loss', 'find_fixed_points', 'exclude_outliers']


def build_fixed_point_loss(rnn_cell, cell_params):
  """Builds function to compute speed of hidden states.

  Args:
    rnn_cell: an RNNCell instance.
    cell_params: RNN parameters to use when applying the RNN.

  Returns:
    fixed_point_loss_fun: function that takes a batch of hidden states
      and inputs and computes the speed of the corresponding hidden
      states.
  """

  def fixed_point_loss_fun(h, x):
    """Computes the speed of hidden states.

    The speed is defined as the squared l2 distance between
    the current state and the next state, in response to a given
    input:

      Q = (1/2) || h - F(h, x) ||_2^2

    Args:
      h: The current state as a vector.
      x: The current input as a vector.

    Returns:
      fixed_point_loss_fun: A function that computes the fixed point speeds
        for a list or array of states.
    """
    h_next = rnn_cell.batch_apply(cell_params, x, h)
    return 0.5 * jnp.sum((h - h_next)**2, axis=1)

  return fixed_point_loss_fun


def find_fixed_points(fp_loss_fun,
                      initial_states,
                      x_star,
                      optimizer,
                      tolerance,
                      steps=range(1000)):
  """Run fixed point optimization.

  Args:
    fp_loss_fun: Function that computes fixed point speeds.
    initial_states: Initial state seeds.
    x_star: Input at which to compute fixed points.
    optimizer: A jax.experimental.optimizers tuple.
    tolerance: Stopping tolerance threshold.
    steps: Iterator over steps.

  Returns:
    fixed_points: Array of fixed points for each tolerance.
    loss_hist: Array containing fixed point loss curve.
    squared_speeds: Array containing the squared speed of each fixed point.
  """
  loss_hist, fps = utils.optimize(lambda h: jnp.mean(fp_loss_fun(h, x_star)),
                                  initial_states,
                                  optimizer,
                                  steps,
                                  stop_tol=tolerance)

  fixed_points = jax.device_get(fps)
  squared_speeds = jax.device_get(fp_loss_fun(fps, x_star))

  return fixed_points, loss_hist, squared_speeds


