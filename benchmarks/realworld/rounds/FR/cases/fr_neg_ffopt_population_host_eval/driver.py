# Source: https://github.com/alecbetancourt/JAX-ParamOpt/blob/553d7cc8b31714050938812d3a348421da3361a7/jaxparamopt/driver.py
# Title: jaxparamopt/driver.py (force-field parameter optimisation driver)
# Cut: kept how the loss handed to global_optimization is built (jitted calculate_loss wrapped by a host function that returns a NumPy float) and the trial loop that calls global_optimization; calculate_loss and set_params_clusters are stubs here, argument parsing, clustering and the local optimisers dropped.
import jax
import jax.numpy as jnp
import numpy as onp

from global_opt import global_optimization


def calculate_loss(ff_clusters, list_positions, aligned_data, all_inters, training_data,
                   return_indiv_error, ff_type, ffq_ff, metric):
  ...


def set_params_clusters(ff_clusters, params, param_indices):
  ...


def run(args, force_field, param_indices, training_data, list_positions, aligned_data,
        center_sizes, ffq_ff, init_params, bounds, allocate_func, TYPE):
  set_params_jit = jax.jit(set_params_clusters)
  loss_func = jax.jit(calculate_loss, static_argnames=('return_indiv_error','ff_type','metric'))

  def wrapped_loss(params, param_indices, ff_clusters, list_positions, aligned_data,
                   all_inters, training_data, return_indiv_error, ff_type, ffq_ff, metric):
    ff_clusters = set_params_jit(ff_clusters, params, param_indices)
    return loss_func(ff_clusters, list_positions, aligned_data, all_inters, training_data,
                     return_indiv_error, ff_type, ffq_ff, metric)

  val_and_grad = jax.jit(jax.value_and_grad(wrapped_loss), static_argnames=('return_indiv_error','ff_type','metric'))

  def new_loss_func(params, param_indices, ff_clusters, training_data, list_positions,
                    aligned_data, center_sizes, ff_type, opt_mode, ffq_ff, metric,
                    return_indiv_error=False):
    if ff_type == "reaxff":
      all_inters = [allocate_func(list_positions[i], aligned_data[i],
                                  force_field, center_sizes[i])[0]
                    for i in range(len(center_sizes))]
    elif ff_type == "ambereem" or ff_type == "amber":
      all_inters = []

    results = wrapped_loss(params, param_indices, ff_clusters, list_positions, aligned_data,
                           all_inters, training_data, return_indiv_error, ff_type, ffq_ff, metric)
    if return_indiv_error:
      loss, indiv_errors = results
    else:
      loss = results
    loss = onp.asarray(loss, dtype=onp.float64)
    if return_indiv_error:
      return loss, indiv_errors
    return loss

  for i in range(args.num_trials):
    loss_args = (param_indices, force_field, training_data, list_positions,
                 aligned_data, center_sizes, args.ff_type, args.opt_mode,
                 ffq_ff, args.loss_metric)
    selected_params = global_optimization(init_params, bounds, args.random_sample_count,
                                          args.init_FF_type, new_loss_func,
                                          None, TYPE, loss_args)
  return selected_params
