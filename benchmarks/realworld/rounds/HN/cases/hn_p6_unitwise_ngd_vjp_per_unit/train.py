# Source: https://github.com/kazukiosawa/ngd_in_wide_nn/blob/1da1a708f8486c16010856d4b43c640b86a14893/jax-based/train.py
# Title: jax-based/train.py (training wide networks with GD / NGD)
# Cut: kept the width flag, network construction, the unit-wise NGD gradient function and the update loop;
#      dataset loading, other NGD types, predictions and logging dropped; flags passed as arguments.
import numpy as onp
from jax import random
from jax.experimental import optimizers
from neural_tangents import stax

from empirical import unit_wise_natural_gradient_mse_fn


def main(x_train, y_train, n_outputs, n_layers=3, width=4096, weight_variance=2., bias_variance=0.,
         damping=0., learning_rate=1., n_steps=100, random_seed=1):
  # Build the network
  layers = []
  assert n_layers > 1
  w_std = onp.sqrt(weight_variance)
  b_std = onp.sqrt(bias_variance)
  for i in range(n_layers - 1):
    layers.append(stax.Dense(width, W_std=w_std, b_std=b_std, parameterization='ntk'))
    layers.append(stax.Relu())
  layers.append(stax.Dense(n_outputs, W_std=w_std, b_std=b_std, parameterization='ntk'))

  init_fn, apply_fn, _ = stax.serial(*layers)

  key = random.PRNGKey(random_seed)
  _, params = init_fn(key, (-1, x_train.shape[-1]))

  opt_init, opt_apply, get_params = optimizers.sgd(learning_rate)
  state = opt_init(params)

  # natural gradient descent
  grad_fn = unit_wise_natural_gradient_mse_fn(apply_fn, n_outputs, damping)

  for i in range(n_steps+1):
    if i > 0:
      # update params
      args = [params, x_train, y_train]
      grads = grad_fn(*args)
      state = opt_apply(i, grads, state)
      params = get_params(state)
  return params
