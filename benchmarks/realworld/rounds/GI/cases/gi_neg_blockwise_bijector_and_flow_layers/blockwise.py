# Source: https://github.com/chriscarmona/modularbayes/blob/66c4562cf3d08e3238d10438ed5e95f3a741add1/modularbayes/_src/bijectors/blockwise.py
# Title: modularbayes/_src/bijectors/blockwise.py (Blockwise bijector on distrax, reimplemented from TFP)
# Cut: docstrings shortened; forward/inverse without log-det removed.
from typing import List, Sequence, Tuple
import itertools
from jax import numpy as jnp

from distrax._src.bijectors import bijector as base
from distrax._src.utils import conversion

Array = base.Array
BijectorLike = base.BijectorLike
BijectorT = base.BijectorT


class Blockwise(base.Bijector):
  """Bijector which applies a list of bijectors to blocks of a `Tensor`."""

  def __init__(
      self,
      bijectors: Sequence[BijectorLike],
      block_sizes=None,
  ):
    if not bijectors:
      raise ValueError("The sequence of bijectors cannot be empty.")
    self._bijectors = [conversion.as_bijector(b) for b in bijectors]

    assert all(b > 0 for b in block_sizes)
    self._block_sizes = [int(b) for b in block_sizes]
    self._block_sizes_split = list(itertools.accumulate(block_sizes))[:-1]

    assert all(bijector.event_ndims_in == 1 for bijector in self._bijectors)
    event_ndims_in = 1
    event_ndims_out = 1

    is_constant_jacobian = all(b.is_constant_jacobian for b in self._bijectors)
    is_constant_log_det = all(b.is_constant_log_det for b in self._bijectors)

    super().__init__(
        event_ndims_in=event_ndims_in,
        event_ndims_out=event_ndims_out,
        is_constant_jacobian=is_constant_jacobian,
        is_constant_log_det=is_constant_log_det,
    )

  @property
  def bijectors(self) -> List[BijectorT]:
    return self._bijectors

  def forward_and_log_det(self, x: Array) -> Tuple[Array, Array]:
    """Computes y = f(x) and log|det J(f)(x)|."""

    x_split = jnp.split(x, self._block_sizes_split, axis=-1)
    y_and_log_det_split = [
        bijector_i.forward_and_log_det(x_i)
        for bijector_i, x_i in zip(self._bijectors, x_split)
    ]
    y_split, log_det_split = list(zip(*y_and_log_det_split))
    y = jnp.concatenate(y_split, axis=-1)
    log_det = sum(log_det_split)
    return y, log_det

  def inverse_and_log_det(self, y: Array) -> Tuple[Array, Array]:
    """Computes x = f^{-1}(y) and log|det J(f^{-1})(y)|."""
    y_split = jnp.split(y, self._block_sizes_split, axis=-1)
    x_and_log_det_split = [
        bijector_i.inverse_and_log_det(x_i)
        for bijector_i, x_i in zip(self._bijectors, y_split)
    ]
    x_split, log_det_split = list(zip(*x_and_log_det_split))
    x = jnp.concatenate(x_split, axis=-1)
    log_det = sum(log_det_split)
    return x, log_det
