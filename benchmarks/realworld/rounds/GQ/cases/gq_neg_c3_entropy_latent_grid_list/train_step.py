# Source: https://github.com/google-deepmind/c3_neural_compression/blob/e63e7519641db3d431cff623127fb2dcb825069f/experiments/image.py
# Title: c3_neural_compression experiments/image.py (single_train_step differentiating the rate-distortion loss)
# Cut: experiment class reduced to the jitted step; gradient-norm logging cut
import functools

import jax
import optax


class Experiment:

  def __init__(self, loss_fn, get_opt):
    self._loss_fn = loss_fn
    self.get_opt = get_opt

  @functools.partial(jax.jit, static_argnums=(0, 5))
  def single_train_step(self, params, opt_state, inputs, rng, quant_type, rd_weight, soft_round_temp=None):
    grads, metrics = jax.grad(self._loss_fn, has_aux=True)(
        params,
        target=inputs,
        rng=rng,
        quant_type=quant_type,
        soft_round_temp=soft_round_temp,
        rd_weight=rd_weight,
    )
    opt = self.get_opt()
    updates, opt_state = opt.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, opt_state, metrics
