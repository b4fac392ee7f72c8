# Source: https://github.com/ellingsvee/MA8702/blob/8c1f19d8824db1289db62261af9c5e58773978dd/variational_inference_presentation/vi/src/vi/cavi_multivariate.py
# Title: cavi_multivariate.py
# Cut: result NamedTuple docstring and several ELBO comments removed; code otherwise as in the file

from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import Array
from jax.scipy.special import digamma, gammaln


class MultivariateCAVIResult(NamedTuple):
    mu: Array
    Sigma: Array
    alpha: float
    nu: Array
    elbo: Array
    iterations: int


@jax.jit(static_argnames=("max_iter", "tol"))
def cavi_multivariate(
    X,
    y,
    sigma2_init=1.0,
    tau2=0.25,
    max_iter=100,
    tol=1e-6,
):
    n, p = X.shape

    # Precompute sufficient statistics (GPU-friendly dense linear algebra)
    XtX = X.T @ X  # (p, p)
    Xty = X.T @ y  # (p,)

    alpha = (n + p) / 2.0

    # Precision factor: constant across iterations
    P = XtX + (1.0 / tau2) * jnp.eye(p)  # (p, p)

    # Posterior mean: constant across iterations
    mu = jnp.linalg.solve(P, Xty)  # (p,)

    # Log-determinant of P (for ELBO)
    _, logdet_P = jnp.linalg.slogdet(P)

    # Precompute P^{-1} for covariance and trace computation
    P_inv = jnp.linalg.solve(P, jnp.eye(p))  # (p, p)
    tr_P_inv = jnp.trace(P_inv)

    # Precompute trace(XtX @ P_inv) for nu update
    tr_XtX_Pinv = jnp.trace(XtX @ P_inv)

    # Residual sum of squares at the mean
    residual = y - X @ mu
    rss = residual @ residual  # = yty - 2*mu@Xty + mu@XtX@mu

    def compute_elbo(nu):
        E_log_s2 = jnp.log(nu) - digamma(alpha)
        E_inv_s2 = alpha / nu

        # E[||y - X beta||^2] = rss + trace(XtX @ Sigma)
        E_residual = rss + (nu / alpha) * tr_XtX_Pinv

        # E[beta^T beta] = mu^T mu + trace(Sigma)
        tr_Sigma = (nu / alpha) * jnp.trace(P_inv)
        E_beta2 = mu @ mu + tr_Sigma

        ll = -n / 2 * jnp.log(2 * jnp.pi)
        ll -= n / 2 * E_log_s2
        ll -= 0.5 * E_inv_s2 * E_residual

        lp_beta = -p / 2 * jnp.log(2 * jnp.pi * tau2)
        lp_beta -= p / 2 * E_log_s2
        lp_beta -= 0.5 * E_inv_s2 / tau2 * E_beta2

        lp_s2 = -E_log_s2

        log_det_Sigma = p * jnp.log(nu / alpha) - logdet_P
        q_beta = 0.5 * (p * (1 + jnp.log(2 * jnp.pi)) + log_det_Sigma)

        q_sigma2 = alpha + jnp.log(nu) + gammaln(alpha) - (1 + alpha) * digamma(alpha)

        return ll + lp_beta + lp_s2 + q_beta + q_sigma2

    def cond_fun(state):
        nu, elbo, prev_elbo, it = state
        converged = jnp.abs(elbo - prev_elbo) < tol
        return jnp.logical_and(~converged, it < max_iter)

    def body_fun(state):
        nu, elbo, prev_elbo, it = state

        E_residual = rss + (nu / alpha) * tr_XtX_Pinv
        E_beta2 = mu @ mu + (nu / alpha) * tr_P_inv

        nu_new = 0.5 * (E_residual + E_beta2 / tau2)

        elbo_new = compute_elbo(nu_new)

        return (nu_new, elbo_new, elbo, it + 1)

    # Initialize
    init_E_inv_s2 = 1.0 / sigma2_init
    init_nu = alpha / init_E_inv_s2  # so that alpha/nu = 1/sigma2_init

    init_state = (init_nu, -jnp.inf, -jnp.inf, 0)

    final_state = jax.lax.while_loop(cond_fun, body_fun, init_state)

    nu_final, elbo_final, _, it_final = final_state

    Sigma = (nu_final / alpha) * P_inv

    return MultivariateCAVIResult(
        mu=mu,
        Sigma=Sigma,
        alpha=alpha,
        nu=nu_final,
        elbo=elbo_final,
        iterations=it_final,
    )
