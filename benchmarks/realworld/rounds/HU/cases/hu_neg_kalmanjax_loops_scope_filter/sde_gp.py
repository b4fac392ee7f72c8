# Source: https://github.com/AaltoML/kalman-jax/blob/f15e5ae1286dc86599434b676225cd68b84b6a26/kalmanjax/sde_gp.py
# Title: kalmanjax/sde_gp.py (SDEGP: Kalman filtering for GP state-space models)
# Cut: class reduced to neg_log_marg_lik and kalman_filter; long docstrings shortened.
import jax.numpy as np
from jax.ops import index, index_update, index_add
from jax.experimental import loops
from jax import value_and_grad, jit, partial, random, vmap
from utils import softplus, softplus_list, sample_gaussian_noise, solve, input_admin, test_input_admin
from approximate_inference import EP
from jax.config import config
config.update("jax_enable_x64", True)
pi = 3.141592653589793


class SDEGP(object):
    """
    The stochastic differential equation (SDE) form of a Gaussian process (GP) model.
    """

    def neg_log_marg_lik(self, params=None):
        """
        Calculates the negative log-marginal likelihood and its gradients by running
        the Kalman filter across training locations.
        """
        if params is None:
            # fetch the model parameters from the prior and the likelihood
            params = [self.prior.hyp.copy(), self.likelihood.hyp.copy()]
        neg_log_marg_lik, dlZ = value_and_grad(self.kalman_filter, argnums=2)(self.y, self.dt,
                                                                              params, False, None,
                                                                              self.sites.site_params, self.r)
        return neg_log_marg_lik, dlZ

    @partial(jit, static_argnums=(0, 4))
    def kalman_filter(self, y, dt, params, store=False, mask=None, site_params=None, r=None):
        """
        Run the Kalman filter to get p(fₙ|y₁,...,yₙ).
        """
        theta_prior, theta_lik = softplus_list(params[0]), softplus(params[1])
        self.update_model(theta_prior)  # all model components that are not static must be computed inside the function
        N = dt.shape[0]
        with loops.Scope() as s:
            s.neg_log_marg_lik = 0.0  # negative log-marginal likelihood
            s.m, s.P = self.minf, self.Pinf
            if store:
                s.filtered_mean = np.zeros([N, self.state_dim, 1])
                s.filtered_cov = np.zeros([N, self.state_dim, self.state_dim])
                s.site_mean = np.zeros([N, self.func_dim, 1])
                s.site_cov = np.zeros([N, self.func_dim, self.func_dim])
            for n in s.range(N):
                y_n = y[n][..., np.newaxis]
                # -- KALMAN PREDICT --
                #  mₙ⁻ = Aₙ mₙ₋₁
                #  Pₙ⁻ = Aₙ Pₙ₋₁ Aₙ' + Qₙ, where Qₙ = Pinf - Aₙ Pinf Aₙ'
                A = self.prior.state_transition(dt[n], theta_prior)
                m_ = A @ s.m
                P_ = A @ (s.P - self.Pinf) @ A.T + self.Pinf
                # --- KALMAN UPDATE ---
                # Given previous predicted mean mₙ⁻ and cov Pₙ⁻, incorporate yₙ to get filtered mean mₙ &
                # cov Pₙ and compute the marginal likelihood p(yₙ|y₁,...,yₙ₋₁)
                H = self.prior.measurement_model(r[n], theta_prior)
                predict_mean = H @ m_
                predict_cov = H @ P_ @ H.T
                if mask is not None:  # note: this is a bit redundant but may come in handy in multi-output problems
                    y_n = np.where(mask[n][..., np.newaxis], predict_mean[:y_n.shape[0]], y_n)  # fill in masked obs with expectation
                log_lik_n, site_mean, site_cov = self.sites.update(self.likelihood, y_n, predict_mean, predict_cov,
                                                                   theta_lik, None)
                if site_params is not None:  # use supplied site parameters to perform the update
                    site_mean, site_cov = site_params[0][n], site_params[1][n]
                # modified Kalman update (see Nickish et. al. ICML 2018 or Wilkinson et. al. ICML 2019):
                S = predict_cov + site_cov
                HP = H @ P_
                K = solve(S, HP).T  # PH'(S^-1)
                s.m = m_ + K @ (site_mean - predict_mean)
                s.P = P_ - K @ HP
                if mask is not None:  # note: this is a bit redundant but may come in handy in multi-output problems
                    s.m = np.where(np.any(mask[n]), m_, s.m)
                    s.P = np.where(np.any(mask[n]), P_, s.P)
                    log_lik_n = np.where(mask[n][..., 0], np.zeros_like(log_lik_n), log_lik_n)
                s.neg_log_marg_lik -= np.sum(log_lik_n)
                if store:
                    s.filtered_mean = index_add(s.filtered_mean, index[n, ...], s.m)
                    s.filtered_cov = index_add(s.filtered_cov, index[n, ...], s.P)
                    s.site_mean = index_add(s.site_mean, index[n, ...], site_mean)
                    s.site_cov = index_add(s.site_cov, index[n, ...], site_cov)
        if store:
            return s.neg_log_marg_lik, (s.filtered_mean, s.filtered_cov, (s.site_mean, s.site_cov))
        return s.neg_log_marg_lik

