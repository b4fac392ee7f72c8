# Source: https://github.com/google-deepmind/jax_verify/blob/fe8ea3c8da81350ca92203a5089d37c2b93f8583/jax_verify/src/utils.py
# Title: jax_verify/src/utils.py (fori_loop_no_backprop)
# Cut: only fori_loop_no_backprop, as written.
from typing import Callable, TypeVar, Union
import jax

Tensor = jax.Array
LoopVal = TypeVar('LoopVal')


def fori_loop_no_backprop(
    lower: Union[int, Tensor],
    upper: Union[int, Tensor],
    body_fun: Callable[[int, LoopVal], LoopVal],
    init_val: LoopVal):
  """Loop by reduction to `lax.while_loop`, saving memory by avoiding backprop.

  `lax.fori_loop` will reduce to `lax.scan` if `lower` and `upper` are both
  known at tracing time, so as to support back-propagation. In contrast, this
  function will always reduce to `lax.while_loop`, which precludes back-prop
  but avoids retaining the loop state for all iterations.

  Args:
    lower: Lower bound (inclusive) of the "for" loop index.
    upper: Upper bound (exclusive) of the "for" loop index.
    body_fun: Operation to perform in each iteration of the loop.
    init_val: Input loop value for first iteration of the loop.
  Returns:
    final_val: Output loop value from the last iteration of the loop.
  """
  _, final_val = jax.lax.while_loop(
      lambda i_val: i_val[0] < upper,
      lambda i_val: (i_val[0] + 1, body_fun(i_val[0], i_val[1])),
      (lower, init_val))
  return final_val


