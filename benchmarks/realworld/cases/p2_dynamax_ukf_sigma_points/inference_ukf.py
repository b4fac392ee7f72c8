# Source: https://github.com/probml/dynamax/blob/cfb005fa18678fc1b91d03724d77b442312e1e3b/dynamax/nonlinear_gaussian_ssm/inference_ukf.py
# Title: probml/dynamax dynamax/nonlinear_gaussian_ssm/inference_ukf.py (unscented Kalman filter)
# Cut: kept _compute_sigmas, _predict and the lax.scan filter loop that calls it; the update step, smoother
#      and type annotations are dropped.
import jax.numpy as jnp
from jax import lax
from jax import vmap

_outer = vmap(lambda x, y: jnp.atleast_2d(x).T @ jnp.atleast_2d(y), 0, 0)


def _compute_sigmas(mean, cov, dim, scale):
    """Compute (2n+1) sigma points used for inputs to  unscented transform."""
    distances = jnp.sqrt(dim + scale) * jnp.linalg.cholesky(cov)
    sigma_plus = jnp.array([mean + distances[:, i] for i in range(dim)])
    sigma_minus = jnp.array([mean - distances[:, i] for i in range(dim)])
    return jnp.concatenate((jnp.array([mean]), sigma_plus, sigma_minus))


def _predict(prior_mean, prior_cov, dynamics_func, dynamics_cov, lamb, weights_mean, weights_cov, inpt):
    n = len(prior_mean)
    sigmas_pred = _compute_sigmas(prior_mean, prior_cov, n, lamb)
    u_s = jnp.array([inpt] * len(sigmas_pred))
    sigmas_pred_prop = vmap(dynamics_func, (0, 0), 0)(sigmas_pred, u_s)
    m_pred = jnp.tensordot(weights_mean, sigmas_pred_prop, axes=1)
    P_pred = jnp.tensordot(weights_cov, _outer(sigmas_pred_prop - m_pred, sigmas_pred_prop - m_pred), axes=1) \
        + dynamics_cov
    return m_pred, P_pred


def unscented_kalman_filter(f, Q, lamb, w_mean, w_cov, m0, P0, inputs):
    def _step(carry, t):
        filtered_mean, filtered_cov = carry
        u = inputs[t]
        pred_mean, pred_cov = _predict(filtered_mean, filtered_cov, f, Q, lamb, w_mean, w_cov, u)
        return (pred_mean, pred_cov), pred_mean

    _, outputs = lax.scan(_step, (m0, P0), jnp.arange(len(inputs)))
    return outputs
