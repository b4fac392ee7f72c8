# Source: https://github.com/HIPS/autograd/blob/bff107b8d71a444a1160deade3e1cbd0b92f4fa6/examples/gplvm.py
# Title: HIPS/autograd examples/gplvm.py (Gaussian process latent variable model) + examples/gaussian_process.py
# Cut: kept objective() and the GP marginal likelihood it imports; plotting, the pinwheel data and the
#      optimizer call's callback are dropped.
import autograd.numpy as np
import autograd.numpy.random as npr
from autograd import value_and_grad
from autograd.scipy.stats import norm
from scipy.optimize import minimize

from gaussian_process import make_gp_funs, rbf_covariance

data_dimension = 2  # Normally the data dimension would be much higher.
latent_dimension = 2

params_per_gp, log_marginal_likelihood = make_gp_funs(rbf_covariance, num_cov_params=latent_dimension + 1)
total_gp_params = data_dimension * params_per_gp

data = npr.randn(90, data_dimension)
datalen = data.shape[0]


def unpack_params(params):
    gp_params = np.reshape(params[:total_gp_params], (data_dimension, params_per_gp))
    latents = np.reshape(params[total_gp_params:], (datalen, latent_dimension))
    return gp_params, latents


def objective(params):
    gp_params, latents = unpack_params(params)
    gp_likelihood = sum(
        [log_marginal_likelihood(gp_params[i], latents, data[:, i]) for i in range(data_dimension)]
    )
    latent_prior_likelihood = np.sum(norm.logpdf(latents))
    return -gp_likelihood - latent_prior_likelihood


init_params = npr.RandomState(1).randn(total_gp_params + datalen * latent_dimension)
result = minimize(value_and_grad(objective), init_params, jac=True, method="CG")
