# Source: https://github.com/mvinaroz/DP-KIP/blob/d2efb62eb743f073ddaba319de0b92b2de7de809/dp_kip_other_features.py
# Title: dp_kip_other_features.py (differentially private KIP dataset distillation on scattering / ResNet features)
# Cut: flags, dataset loading, DP calibration and logging removed; the encoder is passed in; kip_loss,
#      eval_acc (host-side chunked evaluation), clipped_grad/private_grad (vmap over examples) and the
#      jitted private update with its host epoch loop kept (wrapped in make_private_update/train,
#      reconstructed from main()).
import gc

from jax import grad
from jax import jit
from jax import random
from jax import vmap
from jax import scipy as sp
from jax.example_libraries import optimizers
from jax.tree_util import tree_flatten, tree_unflatten
import jax.numpy as jnp

def kip_loss(phi_support, y_support, phi_target, y_target, num_classes, reg=1e-6):
  k_ts = jnp.matmul(phi_target, jnp.transpose(phi_support)) / num_classes
  k_ss = jnp.matmul(phi_support, jnp.transpose(phi_support)) / num_classes

  k_ss_reg = (k_ss + jnp.abs(reg) * jnp.trace(k_ss) * jnp.eye(k_ss.shape[0]) / k_ss.shape[0])
  pred = jnp.dot(k_ts, sp.linalg.solve(k_ss_reg, y_support, assume_a='pos'))
  mse_loss = 0.5 * jnp.mean((pred - y_target) ** 2)
  return mse_loss

def forward_pass_kip_loss(x_support, batch, y_support, feature_extractor, num_classes, kip_loss_reg=1e-6):
  x_target, y_target = batch
  print("x_support.shape in forward_pass_kip_loss=", x_support.shape)
  print("x_test.shape in forward_pass_kip_loss=", x_target.shape)
  if len(x_support.shape) <= 2:
      x_support = jnp.reshape(x_support, (-1, 28, 28, 1))
  phi_support = feature_extractor(x_support)
  phi_target = feature_extractor(x_target)
  return kip_loss(phi_support, y_support, phi_target, y_target, num_classes, kip_loss_reg)

def eval_acc(x_support, y_support, x_test, y_test, feature_extractor, num_classes, kip_loss_reg=1e-6):
  print("x_support.shape in eval_acc=", x_support.shape)
  print("x_test.shape in eval_acc=", x_test.shape)
  if len(x_support.shape) <= 2:
      x_support = jnp.reshape(x_support, (-1, 28, 28, 1))
  if x_test.shape[0] > 10000:
    print("Reducing bs to fit in memory")
    mse_loss = 0.
    acc = 0.
    bs= 10000
    num_iters = int(x_test.shape[0] / bs)
    rest =  x_test.shape[0] - num_iters* bs
    #print("rest=", rest)
    phi_support = feature_extractor(x_support)
    for iter in range(num_iters):
      x_test_batch = x_test[iter * bs:(iter + 1) * bs]
      y_test_batch = y_test[iter * bs:(iter + 1) * bs]
      #print("x_test_batch.shape=", x_test_batch.shape)
      phi_target = feature_extractor(x_test_batch)

      k_ts = jnp.matmul(phi_target, jnp.transpose(phi_support)) / num_classes
      k_ss = jnp.matmul(phi_support, jnp.transpose(phi_support)) / num_classes

      k_ss_reg = (k_ss + jnp.abs(kip_loss_reg) * jnp.trace(k_ss) * jnp.eye(k_ss.shape[0]) / k_ss.shape[0])
      pred = jnp.dot(k_ts, sp.linalg.solve(k_ss_reg, y_support, assume_a='pos'))
      mse_loss += 0.5 * jnp.sum((pred - y_test_batch) ** 2)
      acc += jnp.sum(jnp.argmax(pred, axis=1) == jnp.argmax(y_test_batch, axis=1))

      del k_ts, k_ss, k_ss_reg, pred, phi_target
      gc.collect()
      
    if rest == 0:
      mse_loss = mse_loss /  x_test.shape[0]
      acc = acc /  x_test.shape[0]
    else:
      x_test_batch = x_test[num_iters * bs:]
      y_test_batch = y_test[num_iters * bs:]
      #print("last x_test_batch in eval_acc=", x_test_batch.shape)
      phi_target = feature_extractor(x_test_batch)
      k_ts = jnp.matmul(phi_target, jnp.transpose(phi_support)) / num_classes
      k_ss = jnp.matmul(phi_support, jnp.transpose(phi_support)) / num_classes

      k_ss_reg = (k_ss + jnp.abs(kip_loss_reg) * jnp.trace(k_ss) * jnp.eye(k_ss.shape[0]) / k_ss.shape[0])
      pred = jnp.dot(k_ts, sp.linalg.solve(k_ss_reg, y_support, assume_a='pos'))
      mse_loss += 0.5 * jnp.sum((pred - y_test_batch) ** 2)
      acc += jnp.sum(jnp.argmax(pred, axis=1) == jnp.argmax(y_test_batch, axis=1))

      mse_loss = mse_loss /  x_test.shape[0]
      acc = acc /  x_test.shape[0]

  else:  
    phi_support = feature_extractor(x_support)
    phi_target = feature_extractor(x_test)

    k_ts = jnp.matmul(phi_target, jnp.transpose(phi_support)) / num_classes
    k_ss = jnp.matmul(phi_support, jnp.transpose(phi_support)) / num_classes

    k_ss_reg = (k_ss + jnp.abs(kip_loss_reg) * jnp.trace(k_ss) * jnp.eye(k_ss.shape[0]) / k_ss.shape[0])
    pred = jnp.dot(k_ts, sp.linalg.solve(k_ss_reg, y_support, assume_a='pos'))
    mse_loss = 0.5 * jnp.mean((pred - y_test) ** 2)
    acc = jnp.mean(jnp.argmax(pred, axis=1) == jnp.argmax(y_test, axis=1))
  return mse_loss, acc

def clipped_grad(params, l2_norm_clip, single_example_batch, y_support, grad_fun):
  """Evaluate gradient for a single-example batch and clip its grad norm."""
  grads = grad_fun(params, single_example_batch, y_support)
  nonempty_grads, tree_def = tree_flatten(grads)

  total_grad_norm = jnp.linalg.norm(jnp.array([jnp.linalg.norm(neg.ravel()) for
                                               neg in nonempty_grads]))

  divisor = jnp.maximum(total_grad_norm / l2_norm_clip, 1.)
  normalized_nonempty_grads = [g / divisor for g in nonempty_grads]
  del grads, nonempty_grads, total_grad_norm, divisor
  return tree_unflatten(tree_def, normalized_nonempty_grads)

def private_grad(params, batch, rng, l2_norm_clip, noise_multiplier,
                 batch_size, y_support, grad_fun):
  """Return differentially private gradients for params, evaluated on batch."""
  grads_treedef = None
  clipped_grads = vmap(clipped_grad,
                         (None, None, 0, None, None))(params, l2_norm_clip, batch,
                                                      y_support, grad_fun)

  clipped_grads_flat, grads_treedef = tree_flatten(clipped_grads)
  aggregated_clipped_grads = [g.sum(0) for g in clipped_grads_flat]
  del clipped_grads, clipped_grads_flat

  rngs = random.split(rng, len(aggregated_clipped_grads))
  noised_aggregated_clipped_grads = [
      g + l2_norm_clip * noise_multiplier * random.normal(r, g.shape)
      for r, g in zip(rngs, aggregated_clipped_grads)]
  normalized_noised_aggregated_clipped_grads = [
      g / batch_size for g in noised_aggregated_clipped_grads]

  del aggregated_clipped_grads, noised_aggregated_clipped_grads, rngs

  return tree_unflatten(grads_treedef, normalized_noised_aggregated_clipped_grads)


def make_private_update(enc, num_classes, learning_rate, l2_norm_clip, sigma, batch_size, kip_loss_reg):

  def grad_fun(x_support, batch, y_support):
    return grad(forward_pass_kip_loss)(x_support, batch, y_support, enc, num_classes, kip_loss_reg)

  opt_init, opt_update, get_params = optimizers.adam(learning_rate)

  @jit
  def private_update(rng, i_, opt_state_, batch, y_support):
    params_ = get_params(opt_state_)
    rng = random.fold_in(rng, i_)  # get new key for new random numbers
    return opt_update(
        i_,
        private_grad(params_, batch, rng, l2_norm_clip,
                     sigma, batch_size, y_support,
                     grad_fun), opt_state_)

  return opt_init, get_params, private_update


def train(key, batches, itercount, init_params, y_init, epochs, num_batches, enc, num_classes):
  opt_init, get_params, private_update = make_private_update(
      enc, num_classes, 0.01, 1e-6, 1.0, 50, 1e-6)
  opt_state = opt_init(init_params)
  for epoch in range(1, epochs + 1):
    for _ in range(num_batches):
      gc.collect()
      opt_state = \
          private_update(
              key, next(itercount), opt_state,
              next(batches), y_init)
  return get_params(opt_state)
