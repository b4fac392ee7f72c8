# Source: https://github.com/AaltoML/kalman-jax/blob/f15e5ae1286dc86599434b676225cd68b84b6a26/kalmanjax/sde_gp.py
# Title: kalmanjax/sde_gp.py (SDEGP: Kalman filtering for GP state-space models)
# Cut: neg_log_marg_lik and update_model kept; kalman_filter reduced to its parameter transform
#      and the start of the filter (the loops.Scope filter body is elided into a helper call).
import jax.numpy as np
from jax import value_and_grad, jit, partial
from utils import softplus, softplus_list


class SDEGP(object):

    def neg_log_marg_lik(self, params=None):
        if params is None:
            # fetch the model parameters from the prior and the likelihood
            params = [self.prior.hyp.copy(), self.likelihood.hyp.copy()]
        neg_log_marg_lik, dlZ = value_and_grad(self.kalman_filter, argnums=2)(self.y, self.dt,
                                                                              params, False, None,
                                                                              self.sites.site_params, self.r)
        return neg_log_marg_lik, dlZ

    def update_model(self, theta_prior=None):
        self.F, self.L, self.Qc, self.H, self.Pinf = self.prior.kernel_to_state_space(hyperparams=theta_prior)

    @partial(jit, static_argnums=(0, 4))
    def kalman_filter(self, y, dt, params, store=False, mask=None, site_params=None, r=None):
        theta_prior, theta_lik = softplus_list(params[0]), softplus(params[1])
        self.update_model(theta_prior)  # all model components that are not static must be computed inside the function
        N = dt.shape[0]
        return self._filter_body(y, dt, N, theta_prior, theta_lik, store, mask, site_params, r)
