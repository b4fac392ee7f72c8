# Source: https://github.com/bagibence/pgam_jax/blob/f6fda48d2c6f07814e4b4e40b615f17a4789fefa/src/pgam_jax/_laplace_reml.py
# Title: pgam_jax src/pgam_jax/_laplace_reml.py
# Cut: kept the value and gradient formulas of laplace_reml and a shortened laplace_reml_compute_factory (custom_vjp objective); docstrings dropped, signatures flattened
import jax
import jax.numpy as jnp
import jax.tree_util as jtu
from jax.flatten_util import ravel_pytree

from ._laplace_reml_beta_derivs import dbeta_hat
from ._laplace_reml_vbeta import vbeta_and_logdet
from ._pirls_weights import _make_w_fn, small_h


def laplace_reml(beta_hat, X, y, obs_model, inverse_link_fn, S_all, rhos_tree,
                 phi, M_null, compute_sqrt, compute_log_det_and_grad, return_grad=True):
    rho, _ = ravel_pytree(rhos_tree)
    eta = X @ beta_hat
    lams = jnp.exp(rho)

    mu = inverse_link_fn(eta)
    ll = obs_model.log_likelihood(y, mu, scale=phi, aggregate_sample_scores=jnp.sum)

    pen = -0.5 / phi * jnp.einsum("i,kij,k,j->", beta_hat, S_all, lams, beta_hat)

    w = _make_w_fn(y, obs_model, inverse_link_fn)(eta)
    R = jnp.linalg.qr(jnp.sqrt(w)[:, None] * X, mode="r")
    sqrt_pen = compute_sqrt(rhos_tree)
    sqrt_pen = jnp.hstack((jnp.zeros((sqrt_pen.shape[0], 1)), sqrt_pen))
    V_beta, _, log_det_HpS = vbeta_and_logdet(R, sqrt_pen, phi)

    log_dets, log_det_grads = compute_log_det_and_grad(rhos_tree)
    log_det_Slam = jtu.tree_reduce(lambda a, b: a + b, log_dets)

    M_penalized = beta_hat.shape[0] - M_null
    value = (
        ll
        + pen
        + 0.5 * log_det_Slam
        - 0.5 * M_penalized * jnp.log(phi)
        - 0.5 * log_det_HpS
        + 0.5 * M_null * jnp.log(2 * jnp.pi)
    )

    if not return_grad:
        return value

    add1 = (
        -0.5
        / phi
        * jnp.einsum("i,rij,j->r", beta_hat, S_all * lams[:, None, None], beta_hat)
    )
    grad_log_det, _ = ravel_pytree(log_det_grads)
    add2 = 0.5 * grad_log_det

    J = dbeta_hat(beta_hat, V_beta, S_all, rho, phi)  # (M, p)
    h = small_h(eta, y, obs_model, inverse_link_fn)  # (n,)
    diag_XVX = jnp.sum(X * (V_beta @ X.T).T, axis=1)  # (n,)
    q = X.T @ (h * diag_XVX)  # (p,)
    tr_dH = J @ q / phi  # (M,)
    tr_VS = jnp.einsum("ij,kij->k", V_beta, S_all) / phi  # (M,) — S symmetric
    add3 = -0.5 * (tr_dH + lams * tr_VS)

    return value, add1 + add2 + add3


def laplace_reml_compute_factory(rhos_tree_example, obs_model, inverse_link_fn, phi,
                                 M_null, compute_sqrt, compute_log_det_and_grad):
    _, unravel = ravel_pytree(rhos_tree_example)

    @jax.custom_vjp
    def _objective(rhos_tree, beta_hat, X, y, S_all):
        return laplace_reml(beta_hat, X, y, obs_model, inverse_link_fn, S_all, rhos_tree,
                            phi, M_null, compute_sqrt, compute_log_det_and_grad,
                            return_grad=False)

    def _fwd(rhos_tree, beta_hat, X, y, S_all):
        value, grad_flat = laplace_reml(beta_hat, X, y, obs_model, inverse_link_fn, S_all,
                                        rhos_tree, phi, M_null, compute_sqrt,
                                        compute_log_det_and_grad, return_grad=True)
        return value, unravel(grad_flat)

    def _bwd(grad_tree, value_bar):
        return (jtu.tree_map(lambda g: value_bar * g, grad_tree), None, None, None, None)

    _objective.defvjp(_fwd, _bwd)
    return _objective
