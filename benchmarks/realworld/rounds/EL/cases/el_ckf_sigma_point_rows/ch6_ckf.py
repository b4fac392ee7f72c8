# Source: https://github.com/petergchang/sarkka-jax/blob/b9d7216678a765a27b40e8393e57e7455228c931/Ch6.ipynb
# Title: Ch6.ipynb - 6. General Gaussian Filtering (Sarkka's Bayesian Filtering and Smoothing in JAX)
# Cut: code cells 5, 6, 13 and 14 (imports, pendulum data, additive cubature Kalman filter, call) converted to a module; GHKF and plotting cells cut
import jax
import jax.numpy as jnp
from jax import lax

import simulations as sim

# Additive CKF (Algorithm 6.9)
def ckf_additive(m_0, P_0, f, h, Q, R, Y):
    num_timesteps, n = len(Y), P_0.shape[0]

    # Helper function
    def compute_sigmas(m, P, n):
        U, S, _ = jnp.linalg.svd(P)
        disc = jnp.sqrt(n) * (U @ jnp.diag(jnp.sqrt(S)))
        sigma_plus = jnp.array([m + disc[i,:] for i in range(n)])
        sigma_minus = jnp.array([m - disc[i,:] for i in range(n)])
        return jnp.concatenate((sigma_plus, sigma_minus))

    def _step(carry, t):
        m_k, P_k = carry

        # Prediction step:
        # 1. Form sigma points
        sigmas_pred = compute_sigmas(m_k, P_k, n)
        # 2. Propagate the sigma points
        sigmas_pred = jax.vmap(f, 0, 0)(sigmas_pred)
        # 3. Compute predicted mean and covariance
        m_pred = jnp.mean(sigmas_pred, axis=0)
        outer = lambda x, y: jnp.atleast_2d(x).T @ jnp.atleast_2d(y)
        outer = jax.vmap(outer, 0, 0)
        P_pred = jnp.mean(outer(sigmas_pred-m_pred, sigmas_pred-m_pred), 
                          axis=0) + Q

        # Update step:
        # 1. Form sigma points
        sigmas_update = compute_sigmas(m_pred, P_pred, n)
        # 2. Propagate the sigma points
        sigmas_update_prop = jax.vmap(h, 0, 0)(sigmas_update)
        # 3. Compute params
        mu = jnp.mean(sigmas_update_prop, axis=0)
        S = jnp.mean(outer(sigmas_update_prop-mu, sigmas_update_prop-mu), 
                     axis=0) + R
        C = jnp.mean(outer(sigmas_update-m_pred, sigmas_update_prop-mu), axis=0)

        # 4. Compute posterior
        K = C @ jnp.linalg.inv(S)
        m_post = m_pred + K @ (Y[t] - mu)
        P_post = P_pred - K @ S @ K.T
        
        return (m_post, P_post), (m_post, P_post)

    carry = (m_0, P_0)
    _, (ms, Ps) = lax.scan(
        _step, carry, jnp.arange(num_timesteps)
    )
    return ms, Ps
# ---- cell 14
# Compute CKF estimates
m_ckf, P_ckf = ckf_additive(*(params.to_tuple()), obs)


dt = 0.0125
params = sim.pendulum_default_params(dt=dt)
time_grid, (states, obs) = sim.simulate_pendulum_with_default_params(dt=dt)

# Compute CKF estimates
m_ckf, P_ckf = ckf_additive(*(params.to_tuple()), obs)
