# Source: https://github.com/probml/pyprobml/blob/04e6d8fb1253174d6f805344d20a59eaa9d10aba/scripts/lds_lib.py
# Title: scripts/lds_lib.py (Jax implementation of a Linear Dynamical System, before PR #590 moved it to lax.scan)
# Cut: docstrings shortened to one line; the ContinuousKalmanFilter class trimmed; KalmanFilter as in the file.
# Jax implementation of a Linear Dynamical System
# Author:  Gerardo Durán-Martín (@gerdm)

import jax
import jax.numpy as jnp
from math import ceil
from jax import random
from jax.ops import index_update
from jax.numpy.linalg import inv

class KalmanFilter:
    """Kalman Filtering and Smoothing of a Linear Dynamical System with known parameters."""
    def __init__(self, A, C, Q, R, mu0, Sigma0=None, timesteps=15):
        self.A = A
        self.C = C
        self.Q = Q
        self.R = R
        self.mu0 = mu0
        self.Sigma0 = Sigma0
        self.timesteps = timesteps
        self.state_size, _ = A.shape
        self.observation_size, _ = C.shape

    def sample(self, key, n_samples=1, sample_intial_state=False):
        """Simulate a run of n_sample independent stochastic linear dynamical systems."""
        key_z1, key_system_noise, key_obs_noise = random.split(key, 3)
        if not sample_intial_state:
            state_t =self.mu0 * jnp.ones((n_samples, self.state_size))
        else:
            state_t = random.multivariate_normal(key_z1, self.mu0, self.Sigma0, (n_samples,))

        # Generate all future noise terms
        zeros_state = jnp.zeros(self.state_size)
        zeros_obs = jnp.zeros(self.observation_size)
        system_noise = random.multivariate_normal(key_system_noise, zeros_state, self.Q, (n_samples, self.timesteps))
        obs_noise = random.multivariate_normal(key_obs_noise, zeros_obs, self.R, (n_samples, self.timesteps))
        
        state_hist = jnp.zeros((n_samples, self.timesteps, self.state_size))
        obs_hist = jnp.zeros((n_samples, self.timesteps, self.observation_size))

        obs_t = jnp.einsum("ij,sj->si", self.C, state_t) + obs_noise[:, 0, :]

        state_hist = index_update(state_hist, jax.ops.index[:, 0, :], state_t)
        obs_hist = index_update(obs_hist, jax.ops.index[:, 0, :], obs_t)

        for t in range(1, self.timesteps):
            system_noise_t = system_noise[:, t, :]
            obs_noise_t = obs_noise[:, t, :]

            state_new = jnp.einsum("ij,sj->si", self.A, state_t) + system_noise_t
            obs_t = jnp.einsum("ij,sj->si", self.C, state_new) + obs_noise_t
            state_t = state_new

            state_hist = index_update(state_hist, jax.ops.index[:, t, :], state_t)
            obs_hist = index_update(obs_hist, jax.ops.index[:, t, :], obs_t)

        if n_samples == 1:
            state_hist = state_hist[0, ...]
            obs_hist = obs_hist[0, ...]
        return state_hist, obs_hist
    
    def __kalman_step(self, state, xt):
        mun, Sigman = state
        I = jnp.eye(self.state_size)
        # Sigman|{n-1}
        Sigman_cond = self.A @ Sigman @ self.A.T + self.Q
        St = self.C @ Sigman_cond @ self.C.T + self.R
        Kn = Sigman_cond @ self.C.T @ inv(St)

        # mun|{n-1} and xn|{n-1}
        mu_update = self.A @ mun
        x_update = self.C @ mu_update

        mun = mu_update + Kn @ (xt - x_update)
        Sigman = (I - Kn @ self.C) @ Sigman_cond
        return (mun, Sigman), (mun, Sigman, mu_update, Sigman_cond)

    def __kalman_filter(self, x_hist):
        """One-step-ahead (online) Kalman filter over x_hist: array(timesteps, observation_size)."""
        I = jnp.eye(self.state_size)
        _, (mu_hist, Sigma_hist, mu_cond_hist, Sigma_cond_hist) = jax.lax.scan(self.__kalman_step, (self.mu0, self.Sigma0), x_hist)
        return mu_hist, Sigma_hist, mu_cond_hist, Sigma_cond_hist

    def __kalman_smoother(self, mu_hist, Sigma_hist, mu_cond_hist, Sigma_cond_hist):
        """Offline Kalman smoother; mu_hist: array(timesteps, state_size)."""
        timesteps, _ = mu_hist.shape
        state_size, _ = self.A.shape
        mu_hist_smooth = jnp.zeros((timesteps, state_size))
        Sigma_hist_smooth = jnp.zeros((timesteps, state_size, state_size))

        mut_giv_T = mu_hist[-1, :]
        Sigmat_giv_T = Sigma_hist[-1, :]

        # Update last step
        mu_hist_smooth = index_update(mu_hist_smooth, -1,  mut_giv_T)
        Sigma_hist_smooth = index_update(Sigma_hist_smooth, -1,  Sigmat_giv_T)

        elements = zip(mu_hist[-2::-1], Sigma_hist[-2::-1, ...], mu_cond_hist[::-1, ...], Sigma_cond_hist[::-1, ...])
        for t, (mutt, Sigmatt, mut_cond_next, Sigmat_cond_next) in enumerate(elements, 1):
            Jt  = Sigmatt @ self.A.T @ inv(Sigmat_cond_next)
            mut_giv_T = mutt + Jt @ (mut_giv_T - mut_cond_next)
            Sigmat_giv_T = Sigmatt + Jt @ (Sigmat_giv_T - Sigmat_cond_next) @ Jt.T
            
            mu_hist_smooth = index_update(mu_hist_smooth, -(t+1),  mut_giv_T)
            Sigma_hist_smooth = index_update(Sigma_hist_smooth, -(t+1), Sigmat_giv_T)
        
        return mu_hist_smooth, Sigma_hist_smooth

    def filter(self, x_hist):
        """Online Kalman filter; x_hist: array(n_samples?, timesteps, observation_size)."""
        has_one_sim = False
        if x_hist.ndim == 2:
            x_hist = x_hist[None, ...]
            has_one_sim = True
        kalman_map = jax.vmap(self.__kalman_filter, 0)
        mu_hist, Sigma_hist, mu_cond_hist, Sigma_cond_hist = kalman_map(x_hist)
        if has_one_sim:
            mu_hist, Sigma_hist, mu_cond_hist, Sigma_cond_hist = mu_hist[0, ...], Sigma_hist[0, ...], mu_cond_hist[0, ...], Sigma_cond_hist[0, ...]
        return mu_hist, Sigma_hist, mu_cond_hist, Sigma_cond_hist 


    def smooth(self, mu_hist, Sigma_hist, mu_cond_hist, Sigma_cond_hist):
        """Offline Kalman smoother over the filtered terms (optionally batched over samples)."""
        has_one_sim = False
        if mu_hist.ndim == 2:
            mu_hist, Sigma_hist, mu_cond_hist, Sigma_cond_hist = mu_hist[None, ...], Sigma_hist[None, ...], mu_cond_hist[None, ...], Sigma_cond_hist[None, ...]
            has_one_sim = True
        smoother_map = jax.vmap(self.__kalman_smoother, 0)
        mu_hist_smooth, Sigma_hist_smooth = smoother_map(mu_hist, Sigma_hist, mu_cond_hist, Sigma_cond_hist)
        if has_one_sim:
            mu_hist_smooth, Sigma_hist_smooth = mu_hist_smooth[0, ...], Sigma_hist_smooth[0, ...]
        return mu_hist_smooth, Sigma_hist_smooth
