# Source: https://github.com/martiningram/paired-comparison-gp-laplace/blob/a41ed86a24f26d961743e34ea2e6fedc465f48fe/tgp/gp_predictor.py
# Title: tgp/gp_predictor.py (tennis skill GP with Laplace approximation, HIPS autograd)
# Cut: kept imports, the GP prior accumulated over per-player blocks of different lengths, the likelihood, and the Newton mode search that takes autograd's jacobian; removed prediction, marginal likelihood and docstrings

import autograd.numpy as np
import scipy.sparse as sps
from scipy.sparse import dok_matrix, block_diag
from autograd import elementwise_grad, jacobian
from autograd.scipy.stats import norm
from tgp.prepare_data import prepare_vectors
from sksparse.cholmod import cholesky
from tgp.kernel import Kernel
from autograd.scipy.misc import logsumexp


def is_sorted(l):

    return all(l[i] <= l[i+1] for i in range(len(l)-1))


def multivariate_normal_logpdf(x, cov):

    sign, logdet = np.linalg.slogdet(np.pi * 2 * cov)
    logdet = sign * logdet
    det_term = -0.5 * logdet

    # TODO: Could be improved by using some kind of Cholesky here rather than
    # inverse -- or even a solve.
    total_prior = det_term - 0.5 * x @ np.linalg.inv(cov) @ x

    return total_prior



class GPPredictor(object):

    def __init__(self, kernel):

        self.is_fit = False

        self.kernel = kernel
        self.divide_by = 300.

        # Need to use Any here because of the lack of scipy support
        self.cached_big_inv = None
        self.likelihood_fun = GPPredictor.logit_log_lik

    @staticmethod
    def logit_log_lik(f_i, f_j):

        return -np.log1p(np.exp(-(f_i - f_j)))

    def fit(self, winners, losers, days_since_start, covariates=None):

        assert(is_sorted(days_since_start))
        assert not self.is_fit, 'GP Predictor should only be fit once!'

        self.encoder, self.s, self.e, self.w, self.l, self.X, cov_array = \
            prepare_vectors(winners, losers, days_since_start,
                            covariates=covariates)

        self.n_matches = self.w.shape[0] * 2

        self.prepare_x(cov_array)
        self.find_posterior_mode()

        self.is_fit = True

    def prepare_x(self, covariates=None):

        X_scaled = self.X / self.divide_by
        X_scaled = X_scaled[:, None]

        if covariates is not None:
            X_scaled = np.concatenate([X_scaled, covariates], axis=1)

        self.X = X_scaled

    def calculate_prior(self, f):

        total_logpdf = 0.

        for cur_start, cur_end in zip(self.s, self.e):

            cur_f = f[cur_start:cur_end]
            cur_X = self.X[cur_start:cur_end]
            cur_kernel = self.kernel.calculate(cur_X, cur_X)

            # Calculate the log pdf for this player
            cur_logpdf = multivariate_normal_logpdf(cur_f, cur_kernel)
            total_logpdf = total_logpdf + cur_logpdf

        return total_logpdf

    def calculate_likelihood(self, f):

        log_likelihood = np.sum(self.likelihood_fun(f[self.w], f[self.l]))

        return log_likelihood

    def calculate_posterior(self, f):

        cur_prior = self.calculate_prior(f)
        cur_likelihood = self.calculate_likelihood(f)
        return cur_prior + cur_likelihood

    @staticmethod
    def probit_log_lik(fi, fj):

        return norm.logcdf(fi - fj)

    def sparse_log_lik_hessian(self, f):

        f_shape = f.shape[0]
        big_hess = dok_matrix((f_shape, f_shape))

        grad_win_win = elementwise_grad(
            elementwise_grad(self.likelihood_fun, 0), 0)
        grad_lose_lose = elementwise_grad(
            elementwise_grad(self.likelihood_fun, 1), 1)
        big_hess[self.w, self.w] = grad_win_win(f[self.w], f[self.l])
        big_hess[self.l, self.l] = grad_lose_lose(f[self.w], f[self.l])
        grad_win_lose = elementwise_grad(
            elementwise_grad(self.likelihood_fun, 0), 1)
        big_hess[self.w, self.l] = grad_win_lose(f[self.w], f[self.l])
        big_hess[self.l, self.w] = grad_win_lose(f[self.w], f[self.l])

        return big_hess

    def sparse_prior_hessian(self, f):

        all_invs = list()

        for cur_start, cur_end in zip(self.s, self.e):

            cur_X = self.X[cur_start:cur_end]
            cur_kernel = self.kernel.calculate(cur_X, cur_X)
            cur_inv = np.linalg.inv(cur_kernel)

            all_invs.append(cur_inv)

        return -block_diag(all_invs)

    def posterior_hessian(self, f):

        lik_hess = self.sparse_log_lik_hessian(f)
        prior_hess = self.sparse_prior_hessian(f)

        return lik_hess + prior_hess

    def find_posterior_mode(self):

        # Initialise f
        f = np.zeros(self.n_matches)

        def to_minimize(f):

            cur_neg_value = -self.calculate_posterior(f)
            return cur_neg_value

        jac = jacobian(to_minimize)

        def hess(f):

            hessian = -self.posterior_hessian(f)
            return hessian

        # Write a Newton routine
        difference = 1.

        while difference > 1e-5:

            cur_hess = hess(f)
            cur_jac = jac(f)
            cur_val = to_minimize(f)

            # Multiply Hessian by value
            cur_chol = cholesky(cur_hess)

            sol = cur_chol.solve_A(cur_jac)

            new_f = f - sol
            difference = np.linalg.norm(f - new_f)

            f = new_f

        self.f_hat = f
        self.mode_chol = cur_chol
