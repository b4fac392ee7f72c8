# Source: https://github.com/juliennonin/auto-diff-variational-inference/blob/1ac36dbac99ce847abce6385703a924937a306cd/experiments/toy_linear_regression.py
# Title: experiments/toy_linear_regression.py (ADVI course project, toy Bayesian linear regression)
# Cut: IPython display/describe and jupyter magics dropped; advi.run replaced by one call of the gradient estimator it uses each iteration (run itself is in gn_neg_advi_elbo_host_estimate).
import autograd.numpy as np
from autograd.scipy import stats as sps
from main import ADVI


class LinearModel:
    def __init__(self, X, y, prior_beta_mu, prior_beta_std, prior_sigma_shape, prior_sigma_scale):
        self.x = X
        self.y = y

        self.dim = self.x.shape[1] + 2  # (intercept (beta0), betas, sigma)
        self.N = self.x.shape[0]

        self.betas_mu = np.full(self.dim - 1, prior_beta_mu)
        self.betas_std = np.full(self.dim - 1, prior_beta_std)
        self.sigma_shape = prior_sigma_shape
        self.sigma_scale = prior_sigma_scale

    def params(self, theta):
        assert len(theta) == self.dim
        return theta[:2], theta[2]

    def _log_priors(self, theta):
        betas, sigma = self.params(theta)
        betas_log_prior = sps.norm.logpdf(betas, self.betas_mu, self.betas_std).sum()
        sigma_log_prior = sps.gamma.logpdf(sigma / self.sigma_scale, self.sigma_shape) - np.log(self.sigma_scale)
        return betas_log_prior + sigma_log_prior

    def _log_likelihood(self, theta):
        betas, sigma = self.params(theta)
        x_ones = np.hstack([np.ones((self.N, 1)), self.x])
        y_hat = x_ones @ betas
        return sps.norm.logpdf(self.y, y_hat, sigma).sum()

    def log_joint(self, theta):
        return self._log_priors(theta) + self._log_likelihood(theta)


if __name__ == "__main__":
    N, d = 1000, 1
    betas_true = np.array([5, -3])
    sigma_true = 2.5

    X = np.random.normal(0, 2, (N, d))
    X_ones = np.hstack([np.ones((N, 1)), X])
    y = X_ones @ betas_true + np.random.normal(0, sigma_true, N)

    model = LinearModel(X, y, 0, 10, 1, 2)

    def inv_T(zeta):
        return np.array([*zeta[:-1], np.exp(zeta[-1])], dtype=float)

    advi = ADVI(model, inv_T)
    nabla_mu, nabla_omega = advi._gradients_approximate(M=10)
