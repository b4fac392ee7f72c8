# Source: https://github.com/google/learned_optimization/blob/32186aa46a96f26ba0625755f93c55659adcd523/docs/notebooks/Part1_Introduction.py
# Title: docs/notebooks/Part1_Introduction.py (Part 1: Introduction to learned_optimization, meta-training LearnableAdam)
# Cut: jupytext markdown and unrelated cells (tasks, truncated PES, plotting) removed; the meta_loss
#      (4 unrolled inner steps), its jitted value_and_grad and the host meta-training loop kept verbatim.
import jax
import jax.numpy as jnp

from learned_optimization.tasks.fixed import image_mlp
from learned_optimization.learned_optimizers import base as lopt_base
from learned_optimization.optimizers import base as opt_base

task = image_mlp.ImageMLP_FashionMnist8_Relu32()
key = jax.random.PRNGKey(0)

lopt = lopt_base.LearnableAdam()
theta = lopt.init(key)


def meta_loss(theta, key, batch):
  opt = lopt.opt_fn(theta)
  key1, key = jax.random.split(key)
  param = task.init(key1)
  opt_state = opt.init(param)
  for i in range(4):
    param = opt.get_params(opt_state)
    key1, key = jax.random.split(key)
    l, grad = jax.value_and_grad(task.loss)(param, key1, batch)
    opt_state = opt.update(opt_state, grad, l)

  param, state = opt.get_params_state(opt_state)
  key1, key = jax.random.split(key)
  final_loss = task.loss(param, key1, batch)
  return final_loss


batch = next(task.datasets.train)
meta_loss(theta, key, batch)

meta_value_and_grad = jax.jit(jax.value_and_grad(meta_loss))

ml, meta_grad = meta_value_and_grad(theta, key, batch)
meta_grad

theta_opt = opt_base.Adam(1e-2)

key = jax.random.PRNGKey(0)
theta = lopt.init(key)
theta_opt_state = theta_opt.init(theta)

learning_rates = []
learnable_adam_meta_losses = []
for i in range(2000):
  batch = next(task.datasets.train)
  key, key1 = jax.random.split(key)
  theta = theta_opt.get_params(theta_opt_state)
  ml, meta_grad = meta_value_and_grad(theta, key, batch)
  theta_opt_state = theta_opt.update(theta_opt_state, meta_grad, ml)
  learning_rates.append(theta["log_lr"])
  learnable_adam_meta_losses.append(ml)
  if i % 100 == 0:
    print(ml)
