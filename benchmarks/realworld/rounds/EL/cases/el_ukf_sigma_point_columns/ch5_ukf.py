# Source: https://github.com/petergchang/sarkka-jax/blob/b9d7216678a765a27b40e8393e57e7455228c931/Ch5.ipynb
# Title: Ch5.ipynb - 5. Extended and Unscented Kalman Filtering (Sarkka's Bayesian Filtering and Smoothing in JAX)
# Cut: code cells 5, 10, 24 and 25 (imports, pendulum parameters, additive UKF, call) converted to a module; simulation and plotting cells cut
import jax
import jax.numpy as jnp
from jax import vmap
from jax import lax


# Additive UKF (Algorithm 5.14)
def ukf_additive(m_0, P_0, f, h, Q, R, alpha, beta, kappa, Y):
    num_timesteps, n = len(Y), P_0.shape[0]
    lamb = alpha**2 * (n + kappa) - n

    # Compute weights for mean and covariance estimates
    def compute_weights(n, alpha, beta, lamb):
        factor = 1/(2*(n+lamb))
        w_mean = jnp.concatenate((jnp.array([lamb/(n+lamb)]),
                                  jnp.ones(2*n)*factor))
        w_cov = jnp.concatenate((jnp.array([lamb/(n+lamb) + (1-alpha**2+beta)]),
                                 jnp.ones(2*n)*factor))
        return w_mean, w_cov

    w_mean, w_cov = compute_weights(n, alpha, beta, lamb)

    def _step(carry, t):
        m_k, P_k = carry

        # Prediction step:
        # 1. Form sigma points
        sigmas_pred = compute_sigmas(m_k, P_k, n, lamb)
        # 2. Propagate the sigma points
        sigmas_pred = vmap(f, 0, 0)(sigmas_pred)
        # 3. Compute predicted mean and covariance
        m_pred = jnp.tensordot(w_mean, sigmas_pred, axes=1)
        outer = lambda x, y: jnp.atleast_2d(x).T @ jnp.atleast_2d(y)
        outer = vmap(outer, 0, 0)
        P_pred = jnp.tensordot(w_cov,
                               outer(sigmas_pred-m_pred, sigmas_pred-m_pred),
                               axes=1) + Q

        # Update step:
        # 1. Form sigma points
        sigmas_update = compute_sigmas(m_pred, P_pred, n, lamb)
        # 2. Propagate the sigma points
        sigmas_update_prop = vmap(h, 0, 0)(sigmas_update)
        # 3. Compute params
        mu = jnp.tensordot(w_mean, sigmas_update_prop, axes=1)
        S = jnp.tensordot(w_cov,
                          outer(sigmas_update_prop-mu, sigmas_update_prop-mu),
                          axes=1) + R
        C = jnp.tensordot(w_cov,
                          outer(sigmas_update-m_pred, sigmas_update_prop-mu),
                          axes=1)

        # 4. Compute posterior
        K = C @ jnp.linalg.inv(S)
        m_post = m_pred + K @ (Y[t] - mu)
        P_post = P_pred - K @ S @ K.T

        return (m_post, P_post), (m_post, P_post)

    # Find 2n+1 sigma points
    def compute_sigmas(m, P, n, lamb):
        disc = jnp.sqrt(n + lamb) * jnp.linalg.cholesky(P)
        sigma_plus = jnp.array([m + disc[:,i] for i in range(n)])
        sigma_minus = jnp.array([m - disc[:,i] for i in range(n)])
        return jnp.concatenate((jnp.array([m]), sigma_plus, sigma_minus))

    carry = (m_0, P_0)
    _, (ms, Ps) = lax.scan(
        _step, carry, jnp.arange(num_timesteps)
    )
    return ms, Ps


# Params for pendulum simulation
m_0 = jnp.array([jnp.pi/2, 0])
dt = 0.0125
q = 1
g = 9.8
Q = jnp.array([[q*dt**3/3, q*dt**2/2],
               [q*dt**2/2,      q*dt]])
R = 0.3
f = lambda x: jnp.array([x[0] + x[1]*dt, x[1] - g*jnp.sin(x[0])*dt])
h = lambda x: jnp.array([jnp.sin(x[0])])

# Params for UKF
alpha, beta, kappa = 1, 1, 2


def run(obs, P_0):
    # Compute UKF estimates
    return ukf_additive(m_0, P_0, f, h, Q, R, alpha, beta, kappa, obs)
