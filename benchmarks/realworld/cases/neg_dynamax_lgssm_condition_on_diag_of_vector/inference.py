# Source: https://github.com/probml/dynamax/blob/cfb005fa18678fc1b91d03724d77b442312e1e3b/dynamax/linear_gaussian_ssm/inference.py
# Title: probml/dynamax dynamax/linear_gaussian_ssm/inference.py (_condition_on, Woodbury branch)
# Cut: kept _condition_on and a reduced lax.scan filter that calls it; the predict step and parameter
#      preprocessing are dropped.
import jax.numpy as jnp
from jax import lax

from dynamax.utils.utils import psd_solve, symmetrize


def _condition_on(prior_mean, prior_cov, emission_matrix, emission_bias, input_weights, emission_cov, inpt, emission):
    if emission_cov.ndim == 2:
        S = emission_cov + emission_matrix @ prior_cov @ emission_matrix.T
        K = psd_solve(S, emission_matrix @ prior_cov).T
    else:
        # Optimization using Woodbury identity with A=R, U=H@chol(P), V=U.T, C=I
        # (see https://en.wikipedia.org/wiki/Woodbury_matrix_identity)
        I = jnp.eye(prior_cov.shape[0])
        U = emission_matrix @ jnp.linalg.cholesky(prior_cov)
        X = U / emission_cov[:, None]
        S_inv = jnp.diag(1.0 / emission_cov) - X @ psd_solve(I + U.T @ X, X.T)
        K = prior_cov @ emission_matrix.T @ S_inv
        S = jnp.diag(emission_cov) + emission_matrix @ prior_cov @ emission_matrix.T

    residual = emission - input_weights @ inpt - emission_bias - emission_matrix @ prior_mean
    mu_cond = prior_mean + K @ residual
    Sigma_cond = prior_cov - K @ S @ K.T
    return mu_cond, symmetrize(Sigma_cond)


def filter_means(m0, P0, H, d, D, R, inputs, emissions):
    def _step(carry, t):
        m, P = carry
        m, P = _condition_on(m, P, H, d, D, R, inputs[t], emissions[t])
        return (m, P), m

    _, means = lax.scan(_step, (m0, P0), jnp.arange(len(emissions)))
    return means
