# Source: https://github.com/ranxiaoning/xlogit/blob/22fa1f059e134a974415b9c970ef6ea5fc62e580/xlogit/multinomial_logit.py
# Title: xlogit/multinomial_logit.py (JAX multinomial logit with vmapped per-observation gradients)
# Cut: kept imports, the single-observation loss, the jitted vmapped total loss and per-sample gradients, and fit up to the optimiser call; removed predict and summary

"""Implements all the logic for multinomial and conditional logit models."""

#pylint: disable=line-too-long,invalid-name
import numpy as np
import jax
import jax.numpy as jnp
from functools import partial

from ._choice_model import ChoiceModel, diff_nonchosen_chosen
from ._optimize import _minimize_jax, _numerical_hessian_jax
from ._device import device

""" Notations
N : Number of choice situations
J : Number of alternatives
K : Number of variables
"""

_unpack_tuple = lambda x : x if len(x) > 1 else x[0]

# This is the core function that will be differentiated.
# It calculates the negative log-likelihood for a single observation.
def _single_obs_neg_loglik(params, xd, scale_d, addit_d, weight, avail):
    if scale_d is not None:
        lambdac = params[-1]
        betas = params[:-1]
    else:
        lambdac = 1.0
        betas = params

    Vd = jnp.einsum('jk,k->j', xd, betas)
    
    if scale_d is not None:
        Vd -= lambdac * scale_d
    if addit_d is not None:
        Vd += lambdac * addit_d
        
    eVd = jnp.exp(Vd)
    
    if avail is not None:
        eVd *= avail
    
    proba = 1 / (1 + eVd.sum())
    loglik = jnp.log(jnp.maximum(proba, 1e-200))
    
    if weight is not None:
        loglik *= weight
        
    return -loglik

@partial(jax.jit, static_argnames=("return_gradient_per_sample",))
def _mnl_loglik_calculator(params, Xd, scale_d, addit_d, weights, avail, return_gradient_per_sample=False):
    """Calculates total loss and optionally per-sample gradients."""
    # Calculate total loss by vmapping the single observation function
    total_loss = jnp.sum(jax.vmap(_single_obs_neg_loglik, in_axes=(None, 0, 0, 0, 0, 0))(
        params, Xd, scale_d, addit_d, weights, avail
    ))

    aux_data = None
    if return_gradient_per_sample:
        # Calculate per-sample gradients by vmapping jax.grad
        grad_fn = jax.grad(_single_obs_neg_loglik)
        grad_n = jax.vmap(grad_fn, in_axes=(None, 0, 0, 0, 0, 0))(
            params, Xd, scale_d, addit_d, weights, avail
        )
        aux_data = grad_n
        
    return total_loss, aux_data

class MultinomialLogit(ChoiceModel):
    """Class for estimation of Multinomial and Conditional Logit Models."""
    
    def fit(self, X, y, varnames, alts, ids, isvars=None,
            weights=None, avail=None, base_alt=None, fit_intercept=False,
            init_coeff=None, maxiter=2000, random_state=None, tol_opts=None,
            verbose=1, robust=False, num_hess=True, scale_factor=None,
            addit=None, skip_std_errs=False):
        """Fit multinomial and/or conditional logit models."""
        X, y, varnames, alts, isvars, ids, weights, _, avail, scale_factor, addit \
            = self._as_array(X, y, varnames, alts, isvars, ids, weights, None, avail, scale_factor, addit)
        self._validate_inputs(X, y, alts, varnames, isvars, ids, weights)

        if isvars is None:
            isvars = list(varnames)
            fit_intercept = True

        self._pre_fit(alts, varnames, isvars, base_alt, fit_intercept, maxiter)
        
        betas, X_design, y_design, weights_design, avail_design, Xnames, scale_design, addit_design = \
            self._setup_input_data(X, y, varnames, alts, ids, 
                                   isvars=isvars, weights=weights, avail=avail,
                                   init_coeff=init_coeff,
                                   random_state=random_state, verbose=verbose,
                                   predict_mode=False, scale_factor=scale_factor, addit=addit)

        Xd, scale_d, addit_d, avail_d = diff_nonchosen_chosen(X_design, y_design, scale_design, addit_design, avail_design)
        
        betas, Xd, scale_d, addit_d, weights_design, avail_d = map(
            device.to_device, [betas, Xd, scale_d, addit_d, weights_design, avail_d]
        )
        
        loss_and_grad_fn = jax.value_and_grad(
            lambda p, *a: _mnl_loglik_calculator(p, *a, return_gradient_per_sample=True), has_aux=True
        )

        fargs = (Xd, scale_d, addit_d, weights_design, avail_d)

        gtol = tol_opts.get('gtol', 1e-6) if tol_opts else 1e-6
        optim_res = _minimize_jax(loss_and_grad_fn, betas, args=fargs,
                                  maxiter=maxiter, gtol=gtol, disp=verbose > 1)
        
        coef_names = Xnames
        if scale_factor is not None:
            coef_names = np.append(coef_names, "_scale_factor")

        optim_res['x'] = device.to_cpu(optim_res['x'])
        optim_res['grad_n'] = device.to_cpu(optim_res['grad_n'])
        
        if skip_std_errs:
            optim_res['hess_inv'] = np.eye(len(optim_res['x']))
        else:
            loss_fn_for_hess = lambda p, *a: _mnl_loglik_calculator(p, *a, return_gradient_per_sample=False)[0]
            hess_inv = _numerical_hessian_jax(device.to_device(optim_res['x']), loss_fn_for_hess, args=fargs)
            optim_res['hess_inv'] = device.to_cpu(hess_inv)

        self._post_fit(optim_res, coef_names, X_design.shape[0], verbose, robust)
