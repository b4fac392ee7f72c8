# Source: https://github.com/mvinaroz/DP-KIP/blob/d2efb62eb743f073ddaba319de0b92b2de7de809/dpkip_inf_ntk.py
# Title: dpkip_inf_ntk.py (DP-KIP: differentially private kernel inducing points with an NTK kernel)
# Cut: kept loss, clipped_grad and private_grad as written (print calls kept); flags, data loading and plotting dropped. The jitted caller is in train_step.py.
import jax
from jax import grad
from jax import random
from jax import vmap
from jax.tree_util import tree_flatten, tree_unflatten
import jax.numpy as jnp
from jax import scipy as sp


# Define the KIP loss
def loss(params, batch, y_support, kernel_fn, reg=1e-6):
  
  inputs, targets = batch
 
  k_ss = kernel_fn(params, params)
  k_ts = kernel_fn(inputs, params)

  k_ss_reg = (k_ss + jnp.abs(reg) * jnp.trace(k_ss) * jnp.eye(k_ss.shape[0]) / k_ss.shape[0])
  pred = jnp.dot(k_ts, sp.linalg.solve(k_ss_reg, y_support, sym_pos=True))
  mse_loss = 0.5*jnp.mean((pred - targets) ** 2)
  del k_ss, k_ts, k_ss_reg, pred

  return mse_loss


def clipped_grad(params, l2_norm_clip, single_example_batch, y_support, kernel_fn, reg):
  """Evaluate gradient for a single-example batch and clip its grad norm."""
  grads = grad(loss)(params, single_example_batch, y_support, kernel_fn, reg)
  nonempty_grads, tree_def = tree_flatten(grads)

  total_grad_norm = jnp.linalg.norm(jnp.array([jnp.linalg.norm(neg.ravel()) for neg in nonempty_grads]))
  
  divisor = jnp.maximum(total_grad_norm / l2_norm_clip, 1.)
  normalized_nonempty_grads = [g / divisor for g in nonempty_grads]
  del grads, nonempty_grads, total_grad_norm, divisor
  return tree_unflatten(tree_def, normalized_nonempty_grads)


def private_grad(params, batch, rng, l2_norm_clip, noise_multiplier,
                 batch_size, y_support, kernel_fn, small_batch_size, reg):
  """Return differentially private gradients for params, evaluated on batch."""
  if small_batch_size:
    print("Computing with small batches")
    global_clips = []
    inputs, targets = batch
    n_splits = int(inputs.shape[0] / small_batch_size)

    for split_id in range(n_splits):
      small_inputs = inputs[split_id *small_batch_size : (split_id + 1) *small_batch_size]
      small_targets = targets[split_id *small_batch_size : (split_id + 1) *small_batch_size]
      small_batch = small_inputs, small_targets

      clipped_grads = vmap(clipped_grad, (None, None, 0, None, None, None))(params, l2_norm_clip, small_batch, y_support, kernel_fn, reg)
      clipped_grads_flat, grads_treedef = tree_flatten(clipped_grads)
      small_aggregated_clipped_grads = [g.sum(0) for g in clipped_grads_flat]
      global_clips.append(small_aggregated_clipped_grads)
      del small_inputs, small_targets, small_batch, clipped_grads, clipped_grads_flat, small_aggregated_clipped_grads

    aggregated_clipped_grads = [sum(i) for i in zip(*global_clips)]
    #print("aggregated_clipped_grads=", aggregated_clipped_grads)
  else: #Full batch update
    clipped_grads = vmap(clipped_grad, (None, None, 0, None, None, None))(params, l2_norm_clip, batch, y_support, kernel_fn, reg)  
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
