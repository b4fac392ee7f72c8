# Source: https://github.com/Information-Fusion-Lab-Umass/NuX/blob/0f0043eee58f0574e3a1cc7a309a8ddf7e2c9f19/nux/flows/bijective/residual_flows/trace_estimator.py
# Title: nux/flows/bijective/residual_flows/trace_estimator.py (sliced log-det estimate, custom_vjp)
# Cut: kept log_det_sliced_estimate, the custom_vjp wrapper and the forward rule; the backward rule
#      and the haiku frame plumbing are dropped. nux.util helpers are imported as in the original.
import jax
import jax.numpy as jnp
import nux.util as util
from jax import random, vmap, jit
from functools import partial
from typing import Optional, Mapping, Callable, Sequence
from haiku._src.typing import PRNGKey



from power_series import unbiased_neumann_vjp_terms
################################################################################################################

def log_det_sliced_estimate(apply_fun,
                            params,
                            state,
                            x,
                            rng,
                            batch_info):
  trace_key, roulette_key = random.split(rng, 2)

  # Evaluate the flow and get the vjp function
  gx, vjp_fun, state = jax.vjp(lambda x: apply_fun(params, state, x, rng), x, has_aux=True)
  z = x + gx

  # Generate the probe vector for the trace estimate
  v = random.normal(trace_key, x.shape)

  # Get all of the terms we need for the log det and gradient estimates
  terms = unbiased_neumann_vjp_terms(vjp_fun, v, roulette_key, n_terms=7, n_exact=4)

  # Rescale the terms and sum over k (starting at k=1)
  cut_terms = terms[1:]
  log_det_coeff = -1/(1 + jnp.arange(cut_terms.shape[0]))
  log_det_coeff = util.broadcast_to_first_axis(log_det_coeff, cut_terms.ndim)
  log_det_terms = log_det_coeff*cut_terms
  summed_log_det_terms = log_det_terms.sum(axis=0)

  # Compute the log det
  x_shape, batch_shape = batch_info
  log_det = jnp.sum(summed_log_det_terms*v, axis=util.last_axes(x_shape))

  return z, log_det, v, terms, state

@partial(jax.custom_vjp, nondiff_argnums=(0,))
def res_flow_sliced_estimate(apply_fun, params, state, x, rng, batch_info):
  z, log_det, _, _, _ = log_det_sliced_estimate(apply_fun, params, state, x, rng, batch_info)
  return z, log_det

def sliced_estimate_fwd(apply_fun, params, state, x, rng, batch_info):
  z, log_det, v, terms, _ = log_det_sliced_estimate(apply_fun, params, state, x, rng, batch_info)

  # Accumulate the terms we need for the gradient
  summed_terms_for_grad = terms.sum(axis=0)

  x_shape, batch_shape = batch_info
  batch_dim = len(batch_shape)
  sum_axes = util.last_axes(x_shape)

  # Compute dlogdet(I + J(x;theta))/dtheta
  def vjvp(params, unbatched_x, unbatched_summed_terms, unbatched_v):
    # Remember that apply_fun is autobatched and can automatically pad leading dims!
    if batch_dim > 0:
      _, vjp_fun, _ = jax.vjp(lambda x: apply_fun(params, state, x[None], rng), unbatched_x, has_aux=True)
      w, = vjp_fun(unbatched_summed_terms[None])
    else:
      _, vjp_fun, _ = jax.vjp(lambda x: apply_fun(params, state, x, rng), unbatched_x, has_aux=True)
      w, = vjp_fun(unbatched_summed_terms)
    return jnp.sum(w*unbatched_v)

  # vmap over the batch dimensions
  vmapped_vjvp = jax.grad(vjvp, argnums=(0, 1))
  for i in range(batch_dim):
    vmapped_vjvp = jax.vmap(vmapped_vjvp, in_axes=(None, 0, 0, 0))

  # Compute the vector Jacobian vector products to get the gradient estimate terms.
  dlogdet_dtheta, dlogdet_dx = vmapped_vjvp(params, x, summed_terms_for_grad, v)

  # Store off everything for the backward pass
  ctx = x, params, state, rng, batch_info, dlogdet_dtheta, dlogdet_dx
  return (z, log_det), ctx
