# Source: https://github.com/Runjing-Liu120/Variational_BNP_robustness/blob/557513a34992d86c85c4183b81bf809c5a68ecf6/finite_approx/LRVB_lib.py
# Title: finite_approx/LRVB_lib.py
# Cut: kept OptimzationTrace and DataSet's constructor (autograd grad/hvp/hessian/jacobian of the KL), cavi_updates, wrapped_kl and run_cavi; dropped the Newton trust-region fit, the LRVB covariance code and the second DataSet variant; get_moments/get_moments_vector kept.
import autograd.numpy as np
import autograd.scipy as sp
from autograd.scipy import special
from autograd import grad, hessian, hessian_vector_product, hessian, jacobian

from copy import deepcopy

from scipy import optimize

import finite_approx.valez_finite_VI_lib as vi
import finite_approx.generic_optimization_lib as packing


class OptimzationTrace(object):
    def __init__(self, verbose=True):
        self.reset()
        self.print_every = 10
        self.verbose = verbose

    def reset(self):
        self.stepnum = 0
        self.objective = []
        self.params = []

    def update(self, params, objective):
        self.params.append(params)
        self.objective.append(objective)
        if self.verbose and self.stepnum % self.print_every == 0:
            print('Step {} objective: {}'.format(self.stepnum, objective))
        self.stepnum += 1


class DataSet(object):
    def __init__(self, x, k_approx, alpha, sigma_eps, sigma_a):
        self.x = x
        self.k_approx = k_approx
        self.alpha = alpha
        self.data_shape = {'D': x.shape[1], 'N': x.shape[0] , 'K':k_approx}
        self.sigmas = {'eps': sigma_eps, 'A': sigma_a}

        self.hyper_params = packing.pack_hyperparameters\
                        (self.alpha, self.sigmas['A'], self.sigmas['eps'])

        self.get_kl_grad =  grad(
            lambda params: self.wrapped_kl(params, tracing=False))
        self.get_kl_hvp = hessian_vector_product(
            lambda params: self.wrapped_kl(params, tracing=False))
        self.get_kl_hessian = hessian(
            lambda params: self.wrapped_kl(params, tracing=False))

        # It turns out to be much faster to take the gradient wrt the
        # small vector first.
        self.get_wrapped_kl_hyperparams_hyperparamgrad = \
            grad(self.wrapped_kl_hyperparams, argnum=1)
        self.get_kl_sens_hess = \
            jacobian(self.get_wrapped_kl_hyperparams_hyperparamgrad, argnum=0)

        self.moments_jac = jacobian(self.get_moments_vector)

        self.trace = OptimzationTrace()

    def unpack_params(self, params):
         return packing.unpack_params(
            params, self.data_shape['K'], self.data_shape['D'],
            self.data_shape['N'])

    def cavi_updates(self, tau, nu, phi_mu, phi_var):
        vi.cavi_updates(tau, nu, phi_mu, phi_var, \
                        self.x, self.alpha, self.sigmas)

    def wrapped_kl(self, params, tracing=True):
        tau, phi_mu, phi_var, nu = self.unpack_params(params)
        elbo = vi.compute_elbo(tau, nu, phi_mu, phi_var, \
                               self.x, self.sigmas, self.alpha)
        if tracing:
            self.trace.update(params, -1 * elbo)
        return -1 * elbo

    def wrapped_kl_hyperparams(self, params, hyper_params):
        tau, phi_mu, phi_var, nu = self.unpack_params(params)
        alpha, sigma_a, sigma_eps = packing.unpack_hyperparameters(hyper_params)
        sigmas = {'eps': sigma_eps, 'A': sigma_a}
        elbo = vi.compute_elbo(tau, nu, phi_mu, phi_var, self.x, sigmas, alpha)
        return -1 * elbo

    def get_prediction(self, params):
        tau, phi_mu, phi_var, nu = self.unpack_params(params)
        return np.matmul(nu, phi_mu.T)

    def run_cavi(self, tau, nu, phi_mu, phi_var, max_iter=200, tol=1e-6):
        params = packing.flatten_params(tau, nu, phi_mu, phi_var)

        self.trace.reset()
        diff = np.float('inf')
        while diff > tol and self.trace.stepnum < max_iter:
            self.cavi_updates(tau, nu, phi_mu, phi_var)
            new_params = packing.flatten_params(tau, nu, phi_mu, phi_var)
            diff = np.max(np.abs(new_params - params))
            self.trace.update(params, diff)
            if not np.isfinite(diff):
                print('Error: non-finite parameter difference.')
                break
            params = new_params

        if self.trace.stepnum >= max_iter:
            print('Warning: CAVI reached max_iter.')

        print('Done with CAVI.')
        return tau, nu, phi_mu, phi_var


    def get_moments(self, params):
        # Return moments of interest.
        tau, phi_mu, phi_var, nu = self.unpack_params(params)
        e_log_pi, e_log_pi2, e_mu, phi_moment2, nu_moment = \
            vi.get_moments(tau, nu, phi_mu, phi_var)
        return e_log_pi, e_mu

    def get_moments_vector(self, params):
        e_log_pi, e_mu = self.get_moments(params)
        return packing.pack_moments(e_log_pi, e_mu)
