# Source: https://github.com/google-research/computation-thru-dynamics/blob/94b47aff4cd029aa9df3d0402047110bc3f3519d/experimental/lfads_cc/optimize.py
# Title: google-research/computation-thru-dynamics experimental/lfads_cc/optimize.py (optimize_core)
# Cut: kept optimize_core; the docstring and the kl-warmup helper are shortened.
from jax import random


def optimize_core(key, batch_idx_start, num_batches, update_fun, kl_warmup_fun,
                  opt_state, hps, opt_hps, train_data_fun):
  """Make gradient updates to the LFADS model."""
  # If this routine is jit'd that is very bad news if your train_data_fun
  # doesn't use JAX randomness from the keys.

  # Begin optimziation loop. Explicitly avoiding a python for-loop
  # so that jax will not trace it for the sake of a gradient we will not use.
  def run_update(batch_idx, opt_state_n_keys):
    """Run the optimization one time."""
    opt_state, keys = opt_state_n_keys
    dkey, fkey = keys
    dkey = random.fold_in(dkey, batch_idx)
    fkey = random.fold_in(fkey, batch_idx)
    kl_warmup = kl_warmup_fun(batch_idx)
    x_bxt, class_id_b = train_data_fun(dkey)
    opt_state = update_fun(batch_idx, opt_state, hps, opt_hps,
                           fkey, x_bxt, class_id_b, kl_warmup)
    opt_state_n_keys = (opt_state, (dkey, fkey))
    return opt_state_n_keys

  dkey, fkey = random.split(key, 2)
  opt_state_n_keys = (opt_state, (dkey, fkey))
  lower = batch_idx_start
  upper = batch_idx_start + num_batches
  for i in range(lower, upper):
    opt_state_n_keys = run_update(i, opt_state_n_keys)
  opt_state, _ = opt_state_n_keys

  return opt_state
