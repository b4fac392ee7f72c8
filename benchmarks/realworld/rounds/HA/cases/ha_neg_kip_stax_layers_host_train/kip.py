# Source: https://github.com/google-research/google-research/blob/077b0ff78887ff08e84a25ea385fb66633e4ba21/kip/KIP.ipynb
# Title: kip/KIP.ipynb (Colab demonstration of KIP and Label Solve algorithms, dataset distillation)
# Cut: notebook cells converted to a module; data loading, augmentation and plotting cells removed;
#      Myrtle architecture and class_balanced_sample shortened; `layers = []` added in the conv builder
#      (missing in the notebook). Parameters as in the notebook.
import functools

from jax.example_libraries import optimizers
import jax
from jax import numpy as jnp
from jax import scipy as sp
import numpy as np

import neural_tangents as nt
from neural_tangents import stax

ARCHITECTURE = 'FC'
DEPTH = 1
WIDTH = 1024
PARAMETERIZATION = 'ntk'
LEARNING_RATE = 4e-2
SUPPORT_SIZE = 100
TARGET_BATCH_SIZE = 5000
LEARN_LABELS = False


def FullyConnectedNetwork(
    depth,
    width,
    W_std = np.sqrt(2),
    b_std = 0.1,
    num_classes = 10,
    parameterization = 'ntk',
    activation = 'relu'):
  """Returns neural_tangents.stax fully connected network."""
  activation_fn = stax.Relu()
  dense = functools.partial(
      stax.Dense, W_std=W_std, b_std=b_std, parameterization=parameterization)

  layers = [stax.Flatten()]
  for _ in range(depth):
    layers += [dense(width), activation_fn]
  layers += [stax.Dense(num_classes, W_std=W_std, b_std=b_std,
                        parameterization=parameterization)]

  return stax.serial(*layers)


def FullyConvolutionalNetwork(
    depth,
    width,
    W_std = np.sqrt(2),
    b_std = 0.1,
    num_classes = 10,
    parameterization = 'ntk',
    activation = 'relu'):
  """Returns neural_tangents.stax fully convolutional network."""
  activation_fn = stax.Relu()
  conv = functools.partial(
      stax.Conv,
      W_std=W_std,
      b_std=b_std,
      padding='SAME',
      parameterization=parameterization)
  layers = []
  for _ in range(depth):
    layers += [conv(width, (3,3)), activation_fn]
  layers += [stax.Flatten(), stax.Dense(num_classes, W_std=W_std, b_std=b_std,
                                        parameterization=parameterization)]

  return stax.serial(*layers)


def get_kernel_fn(architecture, depth, width, parameterization):
  if architecture == 'FC':
    return FullyConnectedNetwork(depth=depth, width=width, parameterization=parameterization)
  elif architecture == 'Conv':
    return FullyConvolutionalNetwork(depth=depth, width=width, parameterization=parameterization)
  else:
    raise NotImplementedError(f'Unrecognized architecture {architecture}')


_, _, kernel_fn = get_kernel_fn(ARCHITECTURE, DEPTH, WIDTH, PARAMETERIZATION)
KERNEL_FN = jax.jit(functools.partial(kernel_fn, get='ntk'))


def class_balanced_sample(sample_size, labels, *arrays, **kwargs):
  classes = np.unique(labels)
  n_per_class, remainder = divmod(sample_size, len(classes))
  if kwargs.get('seed') is not None:
    np.random.seed(kwargs['seed'])
  inds = np.concatenate([
      np.random.choice(np.where(labels == c)[0], n_per_class, replace=False)
      for c in classes
  ])
  return (inds, labels[inds].copy()) + tuple(
      [arr[inds].copy() for arr in arrays])


def make_loss_acc_fn(kernel_fn):

  @jax.jit
  def loss_acc_fn(x_support, y_support, x_target, y_target, reg=1e-6):
    y_support = jax.lax.cond(LEARN_LABELS, lambda y: y, jax.lax.stop_gradient, y_support)
    k_ss = kernel_fn(x_support, x_support)
    k_ts = kernel_fn(x_target, x_support)
    k_ss_reg = (k_ss + jnp.abs(reg) * jnp.trace(k_ss) * jnp.eye(k_ss.shape[0]) / k_ss.shape[0])
    pred = jnp.dot(k_ts, sp.linalg.solve(k_ss_reg, y_support, assume_a='pos'))
    mse_loss = 0.5*jnp.mean((pred - y_target) ** 2)
    acc = jnp.mean(jnp.argmax(pred, axis=1) == jnp.argmax(y_target, axis=1))
    return mse_loss, acc

  return loss_acc_fn


def get_update_functions(init_params, kernel_fn, lr):
  opt_init, opt_update, get_params = optimizers.adam(lr)
  opt_state = opt_init(init_params)
  loss_acc_fn = make_loss_acc_fn(kernel_fn)
  value_and_grad = jax.value_and_grad(lambda params, x_target, y_target: loss_acc_fn(params['x'],
                                                                       params['y'],
                                                                       x_target,
                                                                       y_target), has_aux=True)

  @jax.jit
  def update_fn(step, opt_state, params, x_target, y_target):
    (loss, acc), dparams = value_and_grad(params, x_target, y_target)
    return opt_update(step, dparams, opt_state), (loss, acc)

  return opt_state, get_params, update_fn


def train(num_train_steps, X_TRAIN, Y_TRAIN, LABELS_TRAIN, X_TEST, Y_TEST, log_freq=20, seed=1):

  _, labels_init, x_init, y_init = class_balanced_sample(SUPPORT_SIZE, LABELS_TRAIN, X_TRAIN, Y_TRAIN, seed=seed)
  params_init = {'x': x_init, 'y': y_init}

  opt_state, get_params, update_fn = get_update_functions(params_init, KERNEL_FN, LEARNING_RATE)
  params = get_params(opt_state)
  loss_acc_fn = make_loss_acc_fn(KERNEL_FN)

  for i in range(1,num_train_steps+1):
    # full batch gradient descent
    _, _, x_target_batch, y_target_batch = class_balanced_sample(TARGET_BATCH_SIZE, LABELS_TRAIN, X_TRAIN, Y_TRAIN)
    opt_state, aux = update_fn(i, opt_state, params, x_target_batch, y_target_batch)
    train_loss, train_acc = aux
    params = get_params(opt_state)
    if i % log_freq == 0:
      test_loss, test_acc = loss_acc_fn(params['x'], params['y'], X_TEST, Y_TEST)
      print(f'----step {i}:', train_loss, train_acc, test_loss, test_acc)

  return params, params_init
