# Source: https://github.com/ranxiaoning/xlogit/blob/22fa1f059e134a974415b9c970ef6ea5fc62e580/xlogit/mixed_logit.py
# Title: xlogit/mixed_logit.py (JAX mixed logit: random-coefficient transform and simulated log-likelihood)
# Cut: kept imports, the per-random-variable distribution loop, the jitted simulated log-likelihood and the value_and_grad set-up in fit; fit is reconstructed as _fit_core taking the arrays fit builds (data set-up, Halton draws, prediction and summary removed)

"""Implements all the logic for mixed logit models."""

#pylint: disable=invalid-name
import numpy as np
import jax
import jax.numpy as jnp
from functools import partial
import scipy.stats

from ._choice_model import ChoiceModel, diff_nonchosen_chosen
from ._device import device
from .multinomial_logit import MultinomialLogit
from ._optimize import _minimize_jax, _numerical_hessian_jax

""" Notations
N : Number of choice situations
P : Number of panels
J : Number of alternatives
K : Number of variables (Kf: fixed, Kr: random)
"""
_unpack_tuple = lambda x : x if len(x) > 1 else x[0]

# --- JAX Pure Functions ---

def _apply_distribution_jax(betas_random, rvdist):
    for k, dist in enumerate(rvdist):
        if dist == 'ln':
            betas_random = betas_random.at[:, k, :].set(jnp.exp(betas_random[:, k, :]))
        elif dist == 'tn':
            betas_random = betas_random.at[:, k, :].set(jnp.where(betas_random[:, k, :] > 0, betas_random[:, k, :], 0))
    return betas_random

def _transform_rand_betas_jax(betas_mean, betas_sd_unconstrained, draws, rvidx, rvdist):
    br_mean = betas_mean[rvidx]
    br_sd = jax.nn.softplus(betas_sd_unconstrained)
    betas_random = br_mean[None, :, None] + draws * br_sd[None, :, None]
    return _apply_distribution_jax(betas_random, rvdist)

@partial(jax.jit, static_argnames=("rvidx_static", "rvdist_static", "num_panels", "num_mean_params"))
def _mxl_loglik_calculator(betas, Xd, draws, panel_ids, weights, scale_d, addit_d, avail, 
                           rvidx_static, rvdist_static, num_panels, num_mean_params):
    rvidx = np.array(rvidx_static)
    rvdist = rvdist_static
    
    if scale_d is not None:
        lambdac = betas[-1]
        betas_full = betas[:-1]
    else:
        lambdac = 1.0
        betas_full = betas

    betas_mean = betas_full[:num_mean_params]
    betas_sd_unconstrained = betas_full[num_mean_params:]

    Xdf = Xd[:, :, ~rvidx]
    Bf = betas_mean[~rvidx]
    Vdf = jnp.einsum('njk,k -> nj', Xdf, Bf)
    
    Xdr = Xd[:, :, rvidx]
    Br = _transform_rand_betas_jax(betas_mean, betas_sd_unconstrained, draws, rvidx, rvdist)
    Vdr = jnp.einsum("njk,nkr -> njr", Xdr, Br)
    
    Vd = Vdf[:, :, None] + Vdr
    if scale_d is not None:
        Vd -= lambdac * scale_d[:, :, None]
    if addit_d is not None:
        Vd += lambdac * addit_d[:, :, None]
        
    eVd = jnp.exp(Vd)
    
    if avail is not None:
        eVd *= avail[:, :, None]
    
    log_proba_n_draws = -jnp.log1p(eVd.sum(axis=1))
    
    if panel_ids is not None:
        log_lik_panel_draws = jax.ops.segment_sum(log_proba_n_draws, panel_ids, num_segments=num_panels)
        lik = jnp.exp(log_lik_panel_draws).mean(axis=1)
    else:
        lik = jnp.exp(log_proba_n_draws).mean(axis=1)

    loglik_n = jnp.log(jnp.maximum(lik, 1e-200))
    
    if weights is not None:
        loglik_n *= weights
        
    total_loss = -jnp.sum(loglik_n)
    
    return total_loss, None

class MixedLogit:
    def _fit_core(self, Xd, draws_design, panel_ids, weights_design, scale_d, addit_d, avail_d,
                  betas_device, Xnames, num_panels, maxiter, tol_opts, verbose):
        rvidx_static = tuple(self._rvidx.tolist())
        rvdist_static = tuple(self._rvdist)
        num_mean_params = len(Xnames)

        loss_and_grad_fn = jax.value_and_grad(
            lambda p, *a: _mxl_loglik_calculator(p, *a, rvidx_static=rvidx_static, rvdist_static=rvdist_static, 
                                                 num_panels=num_panels, num_mean_params=num_mean_params), 
            has_aux=True
        )
        fargs = (Xd, draws_design, panel_ids, weights_design, scale_d, addit_d, avail_d)
        
        gtol = tol_opts.get('gtol', 1e-5) if tol_opts else 1e-5
        optim_res = _minimize_jax(loss_and_grad_fn, betas_device, args=fargs,
                                  maxiter=maxiter, gtol=gtol, disp=verbose > 0)
