# Source: https://github.com/khdlr/COBRA/blob/986deaff5765cce69699707c5e1bf8ae3e79613a/lib/losses.py
# Title: lib/losses.py
# Cut: kept call_loss, stepwise, stepwise_softdtw_and_aux and the DTW/SoftDTW classes; pad_inf and distance_matrix (lib/utils.py) inlined; bce and offset_field_loss are defined in the original file and only referenced here; the other losses dropped.
import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp

from abc import ABC, abstractmethod
from inspect import signature
from einops import rearrange


def pad_inf(inp, before, after):
  return jnp.pad(inp, (before, after), constant_values=jnp.inf)


def distance_matrix(a, b):
  a = rearrange(a, "(true pred) d -> true pred d", true=1)
  b = rearrange(b, "(true pred) d -> true pred d", pred=1)
  D = jnp.sum(jnp.square(a - b), axis=-1)
  return D

def call_loss(loss_fn, terms):
  # TODO: Inspection
  sig = signature(loss_fn)
  args = {k: v for k, v in terms.items() if k in sig.parameters}

  loss_terms = jax.vmap(loss_fn)(**args)
  loss_terms = jax.tree.map(jnp.mean, loss_terms)
  if isinstance(loss_terms, dict):
    total_loss = sum(loss_terms.values())
  else:
    total_loss = loss_terms
    loss_terms = {}
  loss_terms["loss"] = total_loss
  return total_loss, loss_terms


def stepwise(loss_fn):
  """Decorator that inserts each of `snake_steps` for `snake`
  and calls the wrapped loss_fn on it.
  Returns the mean loss accumulated in the process.
  """

  def inner(snake_steps, contour):
    losses = {}
    for step in range(len(snake_steps)):
      step_terms = {"snake": snake_steps[step], "contour": contour}
      losses[f"loss_{step}"] = loss_fn(**step_terms)
    return losses

  return inner





def stepwise_softdtw_and_aux(snake_steps, segmentation, offsets, mask, contour):
  loss_terms = stepwise(SoftDTW(0.001))(snake_steps, contour)
  loss_terms["segmentation_loss"] = bce(segmentation, mask)
  loss_terms["offset_loss"] = offset_field_loss(offsets, mask)

  return loss_terms



class AbstractDTW(ABC):
  def __init__(self, bandwidth=None):
    self.bandwidth = bandwidth

  @abstractmethod
  def minimum(self, *args):
    pass

  def __call__(self, snake, contour):
    return self.dtw(snake, contour)

  def dtw(self, snake, contour):
    D = distance_matrix(snake, contour)
    # wlog: H >= W
    if D.shape[0] < D.shape[1]:
      D = D.T
    H, W = D.shape

    if self.bandwidth is not None:
      i, j = jnp.mgrid[0:H, 0:W]
      D = jnp.where(jnp.abs(i - j) > self.bandwidth, jnp.inf, D)

    y, x = jnp.mgrid[0 : W + H - 1, 0:H]
    indices = y - x
    model_matrix = jnp.where(
      (indices < 0) | (indices >= W),
      jnp.inf,
      jnp.take_along_axis(D.T, indices, axis=0),
    )

    init = (
      pad_inf(model_matrix[0], 1, 0),
      pad_inf(model_matrix[1] + model_matrix[0, 0], 1, 0),
    )

    def scan_step(carry, current_antidiagonal):
      two_ago, one_ago = carry

      diagonal = two_ago[:-1]
      right = one_ago[:-1]
      down = one_ago[1:]
      best = self.minimum(jnp.stack([diagonal, right, down], axis=-1))

      next_row = best + current_antidiagonal
      next_row = pad_inf(next_row, 1, 0)

      return (one_ago, next_row), next_row

    carry, ys = jax.lax.scan(scan_step, init, model_matrix[2:], unroll=4)
    return carry[1][-1]


class DTW(AbstractDTW):
  __name__ = "DTW"

  def minimum(self, args):
    return jnp.min(args, axis=-1)


def make_softmin(gamma, custom_grad=True):
  """
  We need to manually define the gradient of softmin
  to ensure (1) numerical stability and (2) prevent nans from
  propagating over valid values.
  """

  def softmin_raw(array):
    return -gamma * logsumexp(array / -gamma, axis=-1)

  if not custom_grad:
    return softmin_raw

  softmin = jax.custom_vjp(softmin_raw)

  def softmin_fwd(array):
    return softmin(array), (array / -gamma,)

  def softmin_bwd(res, g):
    (scaled_array,) = res
    grad = jnp.where(
      jnp.isinf(scaled_array),
      jnp.zeros(scaled_array.shape),
      jax.nn.softmax(scaled_array) * jnp.expand_dims(g, 1),
    )
    return (grad,)

  softmin.defvjp(softmin_fwd, softmin_bwd)
  return softmin


class SoftDTW(AbstractDTW):
  """
  SoftDTW as proposed in the paper "Soft-DTW: a Differentiable Loss Function for Time-Series"
  by Marco Cuturi and Mathieu Blondel (https://arxiv.org/abs/1703.01541)
  """

  __name__ = "SoftDTW"

  def __init__(self, gamma=1.0, bandwidth=None):
    super().__init__(bandwidth)
    assert gamma > 0, "Gamma needs to be positive."
    self.gamma = gamma
    self.__name__ = f"SoftDTW({self.gamma})"
    self.minimum_impl = make_softmin(gamma)

  def minimum(self, args):
    return self.minimum_impl(args)
