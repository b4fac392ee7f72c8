# Source: https://github.com/google-research/rigl/blob/d39fc7d46505cb3196cb1edeb32ed0b6dd44c0f9/rigl/experimental/jax/pruning/masked.py
# Title: rigl/experimental/jax/pruning/masked.py
# Cut: kept imports, _fill_diagonal_wrap, _random_neuron_mask and _PerNeuronNoInputAblationShuffle; dropped the rest of the module

import functools
import operator
from typing import Any, Callable, Iterator, Mapping, MutableMapping, Optional, Sequence, Tuple, Type

from absl import logging
import flax
import jax
import jax.numpy as jnp
import jax.ops


def _fill_diagonal_wrap(shape,
                        value,
                        dtype = jnp.uint8):
  """Fills the diagonal of a 2D array, while also wrapping tall arrays.

  For a matrix of dimensions (N x M),:
    if N <= M, i.e. the array is wide rectangular, the array's diagonal is
    filled, for example:

    _fill_diagonal_wrap(jnp.zeroes((2, 3), dtype=uint8), 1)
    > [[1, 0, 0],
       [0, 1, 0]]

    if N > M, i.e. the array is tall rectangular, the array's diagonal, and
    offset diagonals are filled. This differs from
    numpy.fill_diagonal(..., wrap=True), in that it does not include a single
    row gap between the diagonals, and it is not in-place but returns a copy of
    the given array. For example,

    _fill_diagonal_wrap(jnp.zeroes((3, 2), dtype=uint8), 1)
    > [[1, 0],
       [0, 1],
       [1, 0]]

  Args:
    shape: The shape of the 2D array to return with the diagonal filled.
    value: The value to fill in for the diagonal, and offset diagonals.
    dtype: The datatype of the jax numpy array to return.
  Returns:
    A copy of the given array with the main diagonal filled, and offset
    diagonals filled if the given array is tall.
  """
  if len(shape) != 2:
    raise ValueError(
        f'Expected an 2D array, however array has dimensions: {shape}')

  array = jnp.zeros(shape, dtype=dtype)
  rows, cols = shape

  def diagonal_indices(offset):  # Returns jax.ops._Indexable.
    """Returns slice of the nth diagonal of an array, where n is offset."""
    # This is an a numpy-style advanced slice of the form [start:end:step], that
    # gives you the offset (vertically) diagonal of an array. If it was the main
    # diagonal of a (flattened) square matrix of n X n it would be 0:n**2:n+1,
    # i.e. start at 0, and look at each n+1 elements, end when you get to end
    # of array. We need to look at vertically-offset diagonals as well, which is
    # handled by offset.
    return jnp.index_exp[cols * offset:cols * (offset + cols):cols + 1]

  # Fills (square) matrix diagonals with the given value, tiling over tall
  # rectangular arrays by offsetting the filled diagonals by multiples of the
  # height of the square arrays.
  diagonals = [
      array.ravel().at[diagonal_indices(offset)].set(value).reshape(array.shape)
      for offset in range(0, rows, cols)
  ]
  return functools.reduce(jnp.add, diagonals)


def _random_neuron_mask(neuron_length,
                        unmasked_count,
                        rng,
                        dtype = jnp.uint32):
  """Generates a random mask for a neuron.

  Args:
    neuron_length: The length of the neuron's weight vector.
    unmasked_count: The number of elements that should be unmasked.
    rng: A jax.random.PRNGKey random seed.
    dtype: Type of array to create.
  Returns:
    A random neuron weight vector mask.
  """
  if unmasked_count > neuron_length:
    raise ValueError('unmasked_count cannot be greater that neuron_length: '
                     f'{unmasked_count} > {neuron_length}')
  neuron_mask = jnp.concatenate(
      (jnp.ones(unmasked_count), jnp.zeros(neuron_length - unmasked_count)),
      axis=0)
  neuron_mask = jax.random.shuffle(rng, neuron_mask)
  return neuron_mask.astype(dtype)


class _PerNeuronNoInputAblationShuffle:
  """This class is needed to get around the fact that JAX RNG is stateless."""

  def __init__(self, init_rng, sparsity):
    """Creates the per-neuron shuffle class, with initial RNG state.

    Args:
      init_rng: The initial random number generator state to use.
      sparsity: The per-layer sparsity of the mask (i.e. % of zeroes), 1.0 will
        mask all weights, while 0 will mask none.
    """
    self._rng = init_rng
    self._sparsity = sparsity

  def _get_rng(self):
    """Creates a new JAX RNG, while updating RNG state."""
    self._rng, rng_input = jax.random.split(self._rng)
    return rng_input

  def __call__(self, param_name, param):
    """Shuffles the weight matrix/mask for a given parameter, per-neuron.

    This is to be used with mask_map, and accepts the standard mask_map
    function parameters.

    Args:
      param_name: The parameter's name.
      param: The parameter's weight or mask matrix.

    Returns:
      A shuffled weight/mask matrix, with each neuron shuffled independently.
    """
    del param_name  # Unused.

    incoming_connections = jnp.prod(jnp.array(param.shape[:-1]))
    num_neurons = param.shape[-1]

    # Ensure each input neuron has at least one connection unmasked.
    mask = _fill_diagonal_wrap((incoming_connections, num_neurons), 1,
                               dtype=jnp.uint8)

    # Randomly shuffle which of the neurons have these connections.
    mask = jax.random.shuffle(self._get_rng(), mask, axis=0)

    # Add extra required random connections to mask to satisfy sparsity.
    mask_cols = []
    for col in range(mask.shape[-1]):
      neuron_mask = mask[:, col]
      off_diagonal_count = max(
          round((1 - self._sparsity) * incoming_connections)
          - jnp.count_nonzero(neuron_mask), 0)

      zero_indices = jnp.flatnonzero(neuron_mask == 0)
      random_entries = _random_neuron_mask(
          len(zero_indices), off_diagonal_count, self._get_rng())

      neuron_mask = neuron_mask.at[zero_indices].set(random_entries)
      mask_cols.append(neuron_mask)

    return jnp.column_stack(mask_cols).reshape(param.shape)
