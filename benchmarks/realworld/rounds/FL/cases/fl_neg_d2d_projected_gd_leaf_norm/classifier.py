# Source: https://github.com/ChrisWaites/data-deletion/blob/9e586114e49ff58e0c4e196c2a24983c2d0c38b9/src/d2d/classifier.py
# Title: src/d2d/classifier.py (Descent-to-Delete: projected gradient descent with published noisy parameters)
# Cut: kept loss, l2_norm, projection, train, publish and the jitted projected-gradient step from main(); the step's constants are passed in; dataset loading, deletion bookkeeping and printing dropped.
import jax.numpy as np
from jax import grad, nn, random, jit
from jax.tree_util import tree_flatten, tree_unflatten, tree_map


def loss(params, predict, X, y, l2=0.):
  """Binary cross entropy loss with l2 regularization."""
  y_hat = predict(params, X)
  return -np.mean(np.sum(y * y_hat, axis=1)) + (l2 / 2) * l2_norm(params) ** 2.

def l2_norm(tree):
  """Compute the l2 norm of a tree of arrays. Useful for weight decay."""
  leaves, _ = tree_flatten(tree)
  return np.sqrt(sum(np.vdot(x, x) for x in leaves))

def projection(tree, max_norm=1.):
  """Clip gradients stored as a tree of arrays to maximum norm `max_norm`."""
  norm = l2_norm(tree)
  normalize = lambda g: np.where(norm < max_norm, g, g * (max_norm / norm))
  return tree_map(normalize, tree)

def train(params, step, iters=1):
  """Executes several model parameter steps."""
  for i in range(iters):
    params = step(params)
  return params

def publish(rng, params, sigma):
  """Publishing function which adds Gaussian noise with scale sigma."""
  params, tree_def = tree_flatten(params)
  rngs = random.split(rng, len(params))
  noised_params = [param + sigma * random.normal(rng, param.shape) for rng, param in zip(rngs, params)]
  return tree_unflatten(tree_def, noised_params)


def make_step(predict, X, y, l2, strong, smooth):
  @jit
  def step(params):
    """A single step of projected gradient descent."""
    gs = tree_flatten(grad(loss)(params, predict, X, y, l2))[0]
    params, tree_def = tree_flatten(params)
    params = [param - (2 / (strong + smooth)) * g for param, g in zip(params, gs)]
    params = projection(params)
    return tree_unflatten(tree_def, params)
  return step


def finetune(lr_params, predict, X, y, init_iterations, update_iterations):
  l2 = 0.05
  strong = l2
  smooth = 4 - l2
  step = make_step(predict, X, y, l2, strong, smooth)
  for i in range(init_iterations):
    lr_params = step(lr_params)
  train_fn = lambda params, X, y: train(params, step, update_iterations)
  return lr_params, train_fn
