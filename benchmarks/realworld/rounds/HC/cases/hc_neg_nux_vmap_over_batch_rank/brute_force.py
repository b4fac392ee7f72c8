# Source: https://github.com/Information-Fusion-Lab-Umass/NuX/blob/0f0043eee58f0574e3a1cc7a309a8ddf7e2c9f19/nux/flows/bijective/residual_flows/brute_force.py
# Title: nux/flows/bijective/residual_flows/brute_force.py (exact log-det of a residual block)
# Cut: kept log_det_estimate, the custom_vjp and its forward rule; the backward rule is dropped.
import jax
import jax.numpy as jnp
import nux.util as util
from jax import random, vmap, jit
from functools import partial
from typing import Optional, Mapping, Callable, Sequence
from haiku._src.typing import PRNGKey
import nux.internal.functional as functional

from nux.flows.bijective.residual_flows.power_series import neumann_jacobian_terms

################################################################################################################

def log_det_estimate(apply_fun, params, state, x, rng, batch_info):
  x_shape, batch_shape = batch_info
  assert len(x_shape) == 1, "Not going to implement this for images"

  gx, state = apply_fun(params, state, x, rng)
  z = x + gx

  # Compute the jacobian of the transform
  jac_fun = jax.jacobian(lambda x: apply_fun(params, state, x[None], rng)[0][0])
  vmap_trace = jnp.trace
  for i in range(len(batch_shape)):
    jac_fun = vmap(jac_fun)
    vmap_trace = vmap(vmap_trace)

  J = jac_fun(x)

  # Generate the terms of the neumann series
  terms = neumann_jacobian_terms(J, rng, n_terms=10, n_exact=10)

  # Rescale the terms and sum over k (starting at k=1)
  cut_terms = terms[1:]
  log_det_coeff = -1/(1 + jnp.arange(cut_terms.shape[0]))
  log_det_coeff = util.broadcast_to_first_axis(log_det_coeff, cut_terms.ndim)
  log_det_terms = log_det_coeff*cut_terms
  summed_log_det_terms = log_det_terms.sum(axis=0)

  # Compute the log det
  log_det = vmap_trace(summed_log_det_terms)

  return z, log_det, terms

@partial(jax.custom_vjp, nondiff_argnums=(0,))
def res_flow_estimate(apply_fun, params, state, x, rng, batch_info):
  z, log_det, _ = log_det_estimate(apply_fun, params, state, x, rng, batch_info)
  return z, log_det

def estimate_fwd(apply_fun, params, state, x, rng, batch_info):
  z, log_det, terms = log_det_estimate(apply_fun, params, state, x, rng, batch_info)

  # Accumulate the terms we need for the gradient
  summed_terms_for_grad = terms.sum(axis=0)

  x_shape, batch_shape = batch_info
  sum_axes = util.last_axes(x_shape)

  # Compute dlogdet(I + J(x;theta))/dtheta
  def jjp(params, unbatched_x, unbatched_summed_terms):
    jac_fun = jax.jacobian(lambda x: apply_fun(params, state, x[None], rng)[0][0])
    J = jac_fun(unbatched_x)
    return jnp.trace(unbatched_summed_terms@J)

  vmapped_grad_vjvp = jax.grad(jjp, argnums=(0, 1))
  for i in range(len(batch_shape)):
    vmapped_grad_vjvp = jax.vmap(vmapped_grad_vjvp, in_axes=(None, 0, 0))

  dlogdet_dtheta, dlogdet_dx = vmapped_grad_vjvp(params, x, summed_terms_for_grad)

  ctx = x, params, state, rng, batch_info, dlogdet_dtheta, dlogdet_dx
  return (z, log_det), ctx

