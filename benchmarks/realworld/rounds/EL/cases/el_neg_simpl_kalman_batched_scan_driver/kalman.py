# Source: https://github.com/TomGeorge1234/SIMPL/blob/3a1b473724b91c7ba1473eb6b5ba2fb60ec779ae/src/simpl/kalman.py
# Title: src/simpl/kalman.py (SIMPL: Kalman filter and smoother implementation in JAX)
# Cut: kept KalmanFilter.filter's host-side loop over time batches and the jitted scan filter it calls; docstrings, device moves, smoother, predict/update bodies shortened
import math

import jax
import jax.numpy as jnp
from jax import jit


def _kalman_predict(mu, sigma, F, Q, B, u):
    mu_p = F @ mu + B @ u
    sigma_p = F @ sigma @ F.T + Q
    return mu_p, sigma_p


def _kalman_update(mu, sigma, H, R, y):
    S = H @ sigma @ H.T + R
    K = sigma @ H.T @ jnp.linalg.inv(S)
    mu_u = mu + K @ (y - H @ mu)
    sigma_u = sigma - K @ H @ sigma
    return mu_u, sigma_u


class KalmanFilter:
    def __init__(self, dim_Z, dim_Y, dim_U, batch_size=10000):
        self.dim_Z, self.dim_Y, self.dim_U = dim_Z, dim_Y, dim_U
        self.batch_size = batch_size

    def filter(self, Y, U, mu0, sigma0, F, B, Q, H, R, is_boundary, mu0_all, sigma0_all):
        T = Y.shape[0]
        mus_f, sigmas_f = [], []  # filtered means and covariances

        N_batch = math.ceil(T / self.batch_size)
        for i in range(N_batch):
            start = i * self.batch_size
            end = min((i + 1) * self.batch_size, T)
            mu, sigma = _kalman_filter(
                Y=Y[start:end],
                U=U[start:end],
                mu0=mu0,
                sigma0=sigma0,
                F=F[start:end],
                B=B[start:end],
                Q=Q[start:end],
                H=H[start:end],
                R=R[start:end],
                is_boundary=is_boundary[start:end],
                mu0_all=mu0_all[start:end],
                sigma0_all=sigma0_all[start:end],
            )
            mus_f.append(mu)
            sigmas_f.append(sigma)
            mu0, sigma0 = mu[-1], sigma[-1]  # update initial conditions for next batch
        mus_f = jnp.concatenate(mus_f)
        sigmas_f = jnp.concatenate(sigmas_f)
        return mus_f, sigmas_f


@jit
def _kalman_filter(Y, U, mu0, sigma0, F, B, Q, H, R, is_boundary, mu0_all, sigma0_all):
    def loop(carry, inputs):
        mu, sigma = carry
        Y, u, F, B, Q, H, R, is_bound, mu0_t, sigma0_t = inputs
        # Reset state at trial boundaries
        mu = jnp.where(is_bound, mu0_t, mu)
        sigma = jnp.where(is_bound, sigma0_t, sigma)
        mu_p, sigma_p = _kalman_predict(mu, sigma, F, Q, B, u)
        mu_u, sigma_u = _kalman_update(mu_p, sigma_p, H, R, Y)
        return (mu_u, sigma_u), (mu_u, sigma_u)  # carry, output

    _, (mu_all, sigma_all) = jax.lax.scan(
        loop, (mu0, sigma0), (Y, U, F, B, Q, H, R, is_boundary, mu0_all, sigma0_all)
    )
    return jnp.stack(mu_all), jnp.stack(sigma_all)
