# Source: https://github.com/probml/dynamax/blob/cfb005fa18678fc1b91d03724d77b442312e1e3b/dynamax/nonlinear_gaussian_ssm/sarkka_lib.py
# Title: probml/dynamax dynamax/nonlinear_gaussian_ssm/sarkka_lib.py (taken from petergchang/sarkka-jax; Sarkka 2013, Bayesian Filtering and Smoothing)
# Cut: kept ukf() with its nested compute_sigmas and the lax.scan over time; the EKF, smoothers and weight
#      helper are dropped.
import jax.numpy as jnp
from jax import vmap
from jax import lax


def ukf(m_0, P_0, f, Q, h, R, alpha, beta, kappa, Y):
    """
    First-order additive UKF (Sarkka Algorithm 5.14)
    """
    num_timesteps, n = len(Y), P_0.shape[0]
    lamb = alpha**2 * (n + kappa) - n
    factor = 1 / (2 * (n + lamb))
    w_mean = jnp.concatenate((jnp.array([lamb / (n + lamb)]), jnp.ones(2 * n) * factor))
    w_cov = jnp.concatenate((jnp.array([lamb / (n + lamb) + (1 - alpha**2 + beta)]), jnp.ones(2 * n) * factor))
    outer = vmap(lambda x, y: jnp.atleast_2d(x).T @ jnp.atleast_2d(y), 0, 0)

    def _step(carry, t):
        m_k, P_k = carry
        sigmas_update = compute_sigmas(m_k, P_k, n, lamb)
        sigmas_update_prop = vmap(h, 0, 0)(sigmas_update)
        mu = jnp.tensordot(w_mean, sigmas_update_prop, axes=1)
        S = jnp.tensordot(w_cov, outer(sigmas_update_prop - mu, sigmas_update_prop - mu), axes=1) + R
        C = jnp.tensordot(w_cov, outer(sigmas_update - m_k, sigmas_update_prop - mu), axes=1)
        K = C @ jnp.linalg.inv(S)
        m_post = m_k + K @ (Y[t] - mu)
        P_post = P_k - K @ S @ K.T
        sigmas_pred = vmap(f, 0, 0)(compute_sigmas(m_post, P_post, n, lamb))
        m_pred = jnp.tensordot(w_mean, sigmas_pred, axes=1)
        P_pred = jnp.tensordot(w_cov, outer(sigmas_pred - m_pred, sigmas_pred - m_pred), axes=1) + Q
        return (m_pred, P_pred), (m_post, P_post)

    # Find 2n+1 sigma points
    def compute_sigmas(m, P, n, lamb):
        """Compute sigma points"""
        disc = jnp.sqrt(n + lamb) * jnp.linalg.cholesky(P)
        sigma_plus = jnp.array([m + disc[:, i] for i in range(n)])
        sigma_minus = jnp.array([m - disc[:, i] for i in range(n)])
        return jnp.concatenate((jnp.array([m]), sigma_plus, sigma_minus))

    carry = (m_0, P_0)
    _, (ms, Ps) = lax.scan(_step, carry, jnp.arange(num_timesteps))
    return ms, Ps
