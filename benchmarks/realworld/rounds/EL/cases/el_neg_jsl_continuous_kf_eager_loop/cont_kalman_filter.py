# Source: https://github.com/probml/JSL/blob/241ccb9ef3028a7f89cf68a8080f8600038b9ad8/jsl/lds/cont_kalman_filter.py
# Title: jsl/lds/cont_kalman_filter.py - Kalman filter for continuous time series (before "Replace for loops with lax.scan", 3cfc10e)
# Cut: docstrings removed; kept the class with _rk2, sample and filter; main() reconstructs the eager call of jsl/demos/kf_continuous_circle.py (noise values illustrative)
# Implementation of the Kalman Filter for 
# continuous time series
# Author: Gerardo Durán-Martín (@gerdm)

import jax
import jax.numpy as jnp
from math import ceil
from jax import random
from jax.ops import index_update
from jax.numpy.linalg import inv

class ContinuousKalmanFilter:
    def __init__(self, A, C, Q, R, mu0, Sigma0):
        self.A = A
        self.C = C
        self.Q = Q
        self.R = R
        self.mu0 = mu0
        self.Sigma0 = Sigma0
        self.obs_size, self.state_size = C.shape

    @staticmethod
    def _rk2(x0, M, nsteps, dt):
        def f(x): return M @ x
        input_dim, *_ = x0.shape
        simulation = jnp.zeros((nsteps, input_dim))
        simulation = index_update(simulation, 0, x0)
        
        xt = x0.copy()
        for t in range(1, nsteps):
            k1 = f(xt)
            k2 = f(xt + dt * k1)
            xt = xt + dt * (k1 + k2) / 2
            simulation = index_update(simulation, t, xt)
        return simulation

    def sample(self, key, x0, T, nsamples, dt=0.01, noisy=False):
        nsteps = ceil(T / dt)
        jump_size = ceil(nsteps / nsamples)
        correction = nsamples - ceil(nsteps / jump_size)
        nsteps += correction * jump_size

        key_state, key_obs = random.split(key)
        state_noise = random.multivariate_normal(key_state, jnp.zeros(self.state_size), self.Q, (nsteps,))
        obs_noise = random.multivariate_normal(key_obs, jnp.zeros(self.obs_size), self.R, (nsteps,)) 
        simulation = self._rk2(x0, self.A, nsteps, dt)
        
        if noisy:
            simulation = simulation + state_noise
        
        sample_state = simulation[::jump_size]
        sample_obs = jnp.einsum("ij,si->si", self.C, sample_state) + obs_noise[:len(sample_state)]
        
        return sample_state, sample_obs, jump_size

    def filter(self, x_hist, jump_size, dt):
        I = jnp.eye(self.state_size)
        timesteps, *_ = x_hist.shape
        mu_hist = jnp.zeros((timesteps, self.state_size))
        Sigma_hist = jnp.zeros((timesteps, self.state_size, self.state_size))
        Sigma_cond_hist = jnp.zeros((timesteps, self.state_size, self.state_size))
        mu_cond_hist = jnp.zeros((timesteps, self.state_size))
        
        # Initial configuration
        K1 = self.Sigma0 @ self.C.T @ inv(self.C @ self.Sigma0 @ self.C.T + self.R)
        mu1 = self.mu0 + K1 @ (x_hist[0] - self.C @ self.mu0)
        Sigma1 = (I - K1 @ self.C) @ self.Sigma0

        mu_hist = index_update(mu_hist, 0, mu1)
        Sigma_hist = index_update(Sigma_hist, 0, Sigma1)
        mu_cond_hist = index_update(mu_cond_hist, 0, self.mu0)
        Sigma_cond_hist = index_update(Sigma_hist, 0, self.Sigma0)
        
        Sigman = Sigma1.copy()
        mun = mu1.copy()
        for n in range(1, timesteps):
            # Runge-kutta integration step
            for _ in range(jump_size):
                k1 = self.A @ mun
                k2 = self.A @ (mun + dt * k1)
                mun = mun + dt * (k1 + k2) / 2

                k1 = self.A @ Sigman @ self.A.T + self.Q
                k2 = self.A @ (Sigman + dt * k1) @ self.A.T + self.Q
                Sigman = Sigman + dt * (k1 + k2) / 2

            Sigman_cond = Sigman.copy()
            St = self.C @ Sigman_cond @ self.C.T + self.R
            Kn = Sigman_cond @ self.C.T @ inv(St)

            mu_update = mun.copy()
            x_update = self.C @ mun
            mun = mu_update + Kn @ (x_hist[n] - x_update)
            Sigman = (I - Kn @ self.C) @ Sigman_cond

            mu_hist = index_update(mu_hist, n, mun)
            Sigma_hist = index_update(Sigma_hist, n, Sigman)
            mu_cond_hist = index_update(mu_cond_hist, n, mu_update)
            Sigma_cond_hist = index_update(Sigma_cond_hist, n, Sigman_cond)
        
        return mu_hist, Sigma_hist, mu_cond_hist, Sigma_cond_hist


def main(key, x_hist_T=10, nsamples=50, dt=0.01):
    A = jnp.array([[0, 1], [-1, 0]])
    C = jnp.eye(2)
    Qt = jnp.eye(2) * 0.01
    Rt = jnp.eye(2) * 0.01
    x0 = jnp.array([1.5, 0])
    Sigma0 = jnp.eye(2)
    kf = ContinuousKalmanFilter(A, C, Qt, Rt, x0, Sigma0)
    sample_state, sample_obs, jump = kf.sample(key, x0, x_hist_T, nsamples)
    mu_hist, V_hist, *_ = kf.filter(sample_obs, jump, dt)
    return mu_hist, V_hist
