# Source: https://github.com/Runjing-Liu120/Variational_BNP_robustness/blob/557513a34992d86c85c4183b81bf809c5a68ecf6/DP_mixture/DP_normal_mixture_lib.py
# Title: DP_mixture/DP_normal_mixture_lib.py (DP Gaussian mixture, truncated stick-breaking VB)
# Cut: kept the likelihood section, compute_elbo and the DPNormalMixture class (get_kl, kl_optimize_z); the entropy and prior helpers it calls (file lines 16-79) and get_vb_params/draw_data are not reproduced.
## library containing the necessary pieces to compute the elbo for a
## DP normal mixture, culminating in a DPNormalMixture object
## which can then be passed for optimization

import autograd.numpy as np
import autograd.scipy as sp

import scipy as osp

from copy import deepcopy

from DP_normal_mixture_opt_lib import z_update

################
# define entropies


##############
# likelihoods

def loglik_ind_by_k(e_log_v, e_log_1mv):
    # expected log likelihood of z_n belonging to the kth stick
    k_approx = np.shape(e_log_v)[0] + 1
    e_log_stick_remain = np.array([np.sum(e_log_1mv[0:k]) \
                                for k in range(k_approx)])
    e_log_new_stick = np.concatenate((e_log_v, np.array([0])))

    return e_log_stick_remain + e_log_new_stick
    # return np.sum(np.dot(e_z, e_log_stick_remain + e_log_new_stick))

def loglik_ind(e_z, e_log_v, e_log_1mv):
    # expected log likelihood of all indicators for all n observations
    return np.sum(np.dot(e_z, loglik_ind_by_k(e_log_v, e_log_1mv)))

def loglik_obs_by_nk(mu, mu2, x, e_info_x):
    # expected log likelihood of nth observation when it belongs to component k
    return np.einsum('ni, ij, kj -> nk', x, e_info_x, mu) \
            - 0.5 * np.einsum('kij, ji -> k', mu2, e_info_x)[None, :]\
            - 0.5 * np.einsum('ni, ij, nj -> n', x, e_info_x, x)[:, None]\

def loglik_obs(e_z, mu, mu2, x, e_info_x, e_logdet_info_x):
    # expected log likelihood of all observations
    return np.sum(e_z * (loglik_obs_by_nk(mu, mu2, x, e_info_x) \
                    + 0.5 * e_logdet_info_x))

def e_loglik_full(x, mu, mu2, tau, e_log_v, e_log_1mv, e_z,
                    e_info_x, e_logdet_info_x, prior_mu,
                    prior_inv_wishart_scale, kappa, prior_dof, alpha):
    # combining the pieces, compute the full expected log likelihood

    prior = dp_prior(alpha, e_log_1mv) \
            + normal_prior(mu, mu2, prior_mu, e_info_x, e_logdet_info_x, kappa)\
            + wishart_prior(e_info_x, e_logdet_info_x, \
                    prior_inv_wishart_scale, prior_dof)

    return loglik_obs(e_z, mu, mu2, x, e_info_x, e_logdet_info_x) \
                + loglik_ind(e_z, e_log_v, e_log_1mv) + prior

############
# and finally, the elbo

def compute_elbo(x, mu, mu2, info_mu, tau, e_log_v, e_log_1mv, e_z,
                    e_info_x, e_logdet_info_x, dof, prior_mu,
                    prior_inv_wishart_scale, kappa, prior_dof, alpha):

    # entropy terms
    entropy = mu_entropy(info_mu) + beta_entropy(tau) + multinom_entropy(e_z)\
                + wishart_entropy(e_logdet_info_x, e_info_x, dof)

    return e_loglik_full(x, mu, mu2, tau, e_log_v, e_log_1mv, e_z,
                        e_info_x, e_logdet_info_x, prior_mu,
                        prior_inv_wishart_scale, kappa, prior_dof, alpha) \
                        + entropy

############
# the object
class DPNormalMixture(object):
    def __init__(self, x, vb_params, prior_params):
        self.x = x
        self.vb_params = deepcopy(vb_params)

        self.prior_mu, self.prior_dof, self.prior_inv_wishart_scale, \
            self.alpha, self.kappa = get_prior_params(prior_params)

    def get_vb_params(self):
        e_log_v, e_log_1mv, e_z, mu, mu2, info_mu, tau,\
                    e_info_x, e_logdet_info_x, dof = get_vb_params(self.vb_params)

        return e_log_v, e_log_1mv, e_z, mu, mu2, info_mu, tau,\
                    e_info_x, e_logdet_info_x, dof

    def set_optimal_z(self):
        # note this isn't actually called in the kl method below
        # since we don't want to compute e_log_v twice (it has digammas)

        e_log_v, e_log_1mv, e_z, mu, mu2, info_mu, tau,\
                    e_info_x, e_logdet_info_x, dof = self.get_vb_params()

        # optimize z
        e_z_opt = z_update(mu, mu2, self.x, e_info_x, e_log_v, e_log_1mv)
        self.vb_params['local']['e_z'].set(e_z_opt)

    def get_kl(self, verbose = False):
        # get the kl without optimizing z
        e_log_v, e_log_1mv, e_z, mu, mu2, info_mu, tau,\
                    e_info_x, e_logdet_info_x, dof = self.get_vb_params()

        elbo = compute_elbo(self.x, mu, mu2, info_mu, tau, e_log_v, e_log_1mv, \
                            e_z, e_info_x, e_logdet_info_x, dof, self.prior_mu,\
                            self.prior_inv_wishart_scale, self.kappa,\
                            self.prior_dof, self.alpha)
        if verbose:
            print('kl:\t', -1 * elbo)

        return -1 * elbo

    def kl_optimize_z(self, verbose=False):
        # here we are optimizing z before computing the kl
        # this is the function that will be passed to the Newton method

        e_log_v, e_log_1mv, _, mu, mu2, info_mu, tau,\
                    e_info_x, e_logdet_info_x, dof = self.get_vb_params()

        # optimize z
        e_z = z_update(mu, mu2, self.x, e_info_x, e_log_v, e_log_1mv)

        elbo = compute_elbo(self.x, mu, mu2, info_mu, tau, e_log_v, e_log_1mv, \
                            e_z, e_info_x, e_logdet_info_x, dof, self.prior_mu,\
                            self.prior_inv_wishart_scale, self.kappa,\
                            self.prior_dof, self.alpha)

        if verbose:
            print('kl:\t', -1 * elbo)

        return -1 * elbo

