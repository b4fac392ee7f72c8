# Source: https://github.com/Aneeshers/muzero-jax/blob/0cc27620b9b702aa0bbfb09720f063e648b2ba16/muax_g3_jax/model.py
# Title: muax_g3_jax/model.py (MuZero class), Aneeshers/muzero-jax
# Cut: constructor fields used by the loss and the jitted update_from_params (value_and_grad of the loss).
from functools import partial

import haiku as hk
import jax

from loss import default_loss_fn


class MuZero:
  def __init__(self, representation_fn, prediction_fn, dynamic_fn, optimizer,
               loss_fn=default_loss_fn, discount: float = 0.99, support_size: int = 10):
    self.repr_func = hk.without_apply_rng(hk.transform(representation_fn))
    self.pred_func = hk.without_apply_rng(hk.transform(prediction_fn))
    self.dy_func = hk.without_apply_rng(hk.transform(dynamic_fn))
    self._optimizer = optimizer
    self.loss_fn = partial(loss_fn, self)
    self._discount = discount
    self._support_size = support_size

  @partial(jax.jit, static_argnums=(0,))
  def _update(self, params, optimizer_state, grads):
    updates, optimizer_state = self._optimizer.update(grads, optimizer_state)
    params = jax.tree_util.tree_map(lambda p, u: p + u, params, updates)
    return params, optimizer_state

  @partial(jax.jit, static_argnums=(0,))
  def update_from_params(self, params, opt_state, batch):
    # loss_fn already has `self` partially applied: loss_fn(params, batch)
    loss, grads = jax.value_and_grad(self.loss_fn)(params, batch)
    params, opt_state = self._update(params, opt_state, grads)
    return params, opt_state, loss
