# Source: https://github.com/google-research/computation-thru-dynamics/blob/94b47aff4cd029aa9df3d0402047110bc3f3519d/integrator_rnn_tutorial/rnn.py
# Title: google-research/computation-thru-dynamics integrator_rnn_tutorial/rnn.py (Sussillo's integrator RNN tutorial)
# Cut: kept the RNN step, the scan/vmap runner, the loss and run_trials (cut to inputs/hiddens); the
#      gradient-clipped optimizer update is reduced to a jitted grad; initialization and plotting helpers
#      are dropped.
from functools import partial

import jax.numpy as np
from jax import grad, jit, lax, random, vmap
from jax.experimental import optimizers
import numpy as onp

MAX_SEED_INT = 10000000


def affine(params, x):
  return np.dot(params['wO'], x) + params['bO']

batch_affine = vmap(affine, in_axes=(None, 0))


def vrnn(params, h, x):
  """Run the Vanilla RNN one step"""
  a = np.dot(params['wI'], x) + params['bR'] + np.dot(params['wR'], h)
  return np.tanh(a)


def vrnn_scan(params, h, x):
  """Run the Vanilla RNN one step, returning (h ,h)."""
  h = vrnn(params, h, x)
  return h, h


def vrnn_run_with_h0(params, x_t, h0):
  """Run the Vanilla RNN T steps, where T is shape[0] of input."""
  h = h0
  f = partial(vrnn_scan, params)
  _, h_t = lax.scan(f, h, x_t)
  o_t = batch_affine(params, h_t)
  return h_t, o_t


def vrnn_run(params, x_t):
  return vrnn_run_with_h0(params, x_t, params['h0'])

batched_rnn_run = vmap(vrnn_run, in_axes=(None, 0))


def loss(params, inputs_bxtxu, targets_bxtxo, l2reg):
  _, outs_bxtxo = batched_rnn_run(params, inputs_bxtxu)
  l2_loss = l2reg * optimizers.l2_norm(params)**2
  lms_loss = np.mean((outs_bxtxo - targets_bxtxo)**2)
  total_loss = lms_loss + l2_loss
  return {'total' : total_loss, 'lms' : lms_loss, 'l2' : l2_loss}


def training_loss(params, x_bxt, f_bxt, l2reg):
  return loss(params, x_bxt, f_bxt, l2reg)['total']

grad_loss_jit = jit(grad(training_loss))


def run_trials(batched_run_fun, inputs_targets_fun, nbatches, batch_size):
  """Run a bunch of trials and save everything in a dictionary."""
  inputs = []
  hiddens = []
  for n in range(nbatches):
    data_seeds = onp.random.randint(0, MAX_SEED_INT, size=batch_size)
    keys = np.array([random.PRNGKey(ds) for ds in data_seeds])
    input_b, target_b = inputs_targets_fun(keys)
    h_b, o_b = batched_run_fun(input_b)
    inputs.append(input_b)
    hiddens.append(h_b)
  return {'inputs' : onp.concatenate(inputs, axis=0),
          'hiddens' : onp.concatenate(hiddens, axis=0)}
