# Source: https://github.com/Archibald-Lafraik/pipps/blob/9a480e6c1229e9de241d8f60436ce89ddf83bc3e/double_pendulum/rff_gradients.py
# Title: double_pendulum/rff_gradients.py (PIPPS likelihood-ratio gradients for the double pendulum model)
# Cut: kept the scan-based logpdf and the loop-based epsilons_logpdf with the jacobian/vmap that differentiates logpdf; get_next_state copied from rff.py of the same commit; dropped rp_gradients and unused imports.
import jax.lax
import jax.scipy
import jax.numpy as jnp
from jax import vmap, jit, jacobian


@jit
def sample_features(x, num_features, lengthscale, coef, omega, phi):
    omega = omega / lengthscale
    x = x[:, jnp.newaxis]
    return coef * (2 / num_features) ** 0.5 * jnp.cos(omega @ x + phi)


@jit
def get_next_state(theta, x, num_features, lengthscale, coef, omega, phi):
    features = sample_features(x, num_features, lengthscale, coef, omega, phi)
    return jnp.squeeze(theta.T @ features)


@jit
def logpdf(
    theta,
    num_features,
    lengthscale,
    coef,
    start_state,
    V0,
    omega,
    phi,
    trans_noise,
    zs
):
    init = jax.scipy.stats.multivariate_normal.logpdf(
        zs[0], mean=start_state, cov=V0
    )

    def body(logpdf, idx):
        predicted_state = get_next_state(
                theta, zs[idx - 1], num_features, lengthscale, coef, omega[idx], phi[idx]
            )
        logpdf += jax.scipy.stats.multivariate_normal.logpdf(
            zs[idx],
            mean=predicted_state,
            cov=trans_noise
        )
        return logpdf, None

    indices = jnp.arange(1, zs.shape[0])
    logpdf, _ = jax.lax.scan(body, init, indices)

    return logpdf


@jit
def epsilons_logpdf(
    theta,
    num_features,
    lengthscale,
    coef,
    start_state,
    V0,
    omega,
    phi,
    trans_noise,
    zs
):
    L0 = jnp.linalg.cholesky(V0)
    L_trans = jnp.linalg.cholesky(trans_noise)

    logpdf = jax.scipy.stats.multivariate_normal.logpdf(
        zs[0], mean=start_state, cov=V0
    )

    for i in range(1, zs.shape[0]):
        pred_state = get_next_state(theta, zs[i-1], num_features, lengthscale, coef, omega[i], phi[i])
        logpdf += jax.scipy.stats.multivariate_normal.logpdf(
            zs[i],
            mean=pred_state, cov=trans_noise
        )

    return logpdf


def lr_gradients(
    theta,
    num_features,
    lengthscale,
    coef,
    start_state,
    V0,
    omegas,
    phis,
    trans_noise,
    zs,
):
    grad_func = vmap(
        jacobian(logpdf, 0),
        in_axes=(None, None, None, None, None, None, 2, 2, None, 1)
    )
    return grad_func(
        theta, num_features, lengthscale, coef, start_state,
        V0, omegas, phis, trans_noise, zs
    )
