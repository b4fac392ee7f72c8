# Source: https://github.com/probml/pyprobml/blob/019a2664c4b234cb207421e3931c283234a4474b/scripts/nlds_lib.py
# Title: scripts/nlds_lib.py (Library of nonlinear dynamical systems: EKF and UKF)
# Cut: docstrings shortened; the continuous-time EKF class trimmed; NLDS, ExtendedKalmanFilter and
#      UnscentedKalmanFilter as in the file (none of them is jitted, vmapped or differentiated here).
# Author: Gerardo Durán-Martín (@gerdm)

import jax
import jax.numpy as jnp
from jax import random
from jax.ops import index_update
from math import ceil


class NLDS:
    """Base class for the Nonliear dynamical systems' module"""
    def __init__(self, fz, fx, Q, R):
        self.fz = fz
        self.fx = fx
        self.Q = Q
        self.R = R
        self.state_size, _ = Q.shape
        self.obs_size, _ = R.shape

    def sample(self, key, x0, nsteps):
        """Sample discrete elements of a nonlinear system."""
        key, key_system_noise, key_obs_noise = random.split(key, 3)

        state_hist = jnp.zeros((nsteps, self.state_size))
        obs_hist = jnp.zeros((nsteps, self.obs_size))

        state_t = x0.copy()
        obs_t = self.fx(state_t)

        state_noise = random.multivariate_normal(key_system_noise, jnp.zeros((self.state_size,)), self.Q, (nsteps,))
        obs_noise = random.multivariate_normal(key_obs_noise, jnp.zeros((self.obs_size,)), self.R, (nsteps,))
        state_hist = index_update(state_hist, 0, state_t)
        obs_hist = index_update(obs_hist, 0, obs_t)

        for t in range(1, nsteps):
            state_t = self.fz(state_t) + state_noise[t]
            obs_t = self.fx(state_t) + obs_noise[t]

            state_hist = index_update(state_hist, t, state_t)
            obs_hist = index_update(obs_hist, t, obs_t)
        
        return state_hist, obs_hist


class ExtendedKalmanFilter(NLDS):
    """Extended Kalman Filter for a nonlinear dynamical system with discrete observations."""
    def __init__(self, fz, fx, Q, R):
        super().__init__(fz, fx, Q, R)
        self.Dfz = jax.jacfwd(fz)
        self.Dfx = jax.jacfwd(fx)
    
    @classmethod
    def from_base(cls, model):
        return cls(model.fz, model.fx, model.Q, model.R)

    def filter(self, init_state, sample_obs, observations=None):
        """Run the Extended Kalman Filter algorithm over a set of observed samples."""
        I = jnp.eye(self.state_size)
        nsamples = len(sample_obs)
        Vt = self.Q.copy()
        if observations is None:
            observations = [()] * nsamples
        else:
            observations = [(obs,) for obs in observations]

        mu_t = init_state

        mu_hist = jnp.zeros((nsamples, self.state_size))
        V_hist = jnp.zeros((nsamples, self.state_size, self.state_size))

        mu_hist = index_update(mu_hist, 0, mu_t)
        V_hist = index_update(V_hist, 0, Vt)

        for t in range(nsamples):
            Gt = self.Dfz(mu_t)
            mu_t_cond = self.fz(mu_t)
            Vt_cond = Gt @ Vt @ Gt + self.Q
            Ht = self.Dfx(mu_t_cond, *observations[t])

            xt_hat = self.fx(mu_t_cond, *observations[t])
            Kt = Vt_cond @ Ht.T @ jnp.linalg.inv(Ht @ Vt_cond @ Ht.T + self.R)
            mu_t = mu_t_cond + Kt @ (sample_obs[t] - xt_hat)
            Vt = (I - Kt @ Ht) @ Vt_cond

            mu_hist = index_update(mu_hist, t, mu_t)
            V_hist = index_update(V_hist, t, Vt)
        
        return mu_hist, V_hist


class UnscentedKalmanFilter(NLDS):
    """Unscented Kalman Filter for discrete time systems."""
    def __init__(self, fz, fx, Q, R, alpha, beta, kappa):
        super().__init__(fz, fx, Q, R)
        self.d, _ = Q.shape
        self.alpha = alpha
        self.beta = beta
        self.kappa = kappa
        self.lmbda = alpha ** 2 * (self.d + kappa) - self.d
        self.gamma = jnp.sqrt(self.d + self.lmbda)

    @staticmethod
    def sqrtm(M):
        evals, evecs = jnp.linalg.eigh(M)
        R = evecs @ jnp.sqrt(jnp.diag(evals)) @ jnp.linalg.inv(evecs)
        return R
    
    def filter(self, init_state, sample_obs, observations=None):
        """Run the Unscented Kalman Filter algorithm over a set of observed samples."""
        wm_vec = jnp.array([1 / (2 * (self.d + self.lmbda)) if i > 0
                            else self.lmbda / (self.d + self.lmbda)
                            for i in range(2 * self.d + 1)])
        wc_vec = jnp.array([1 / (2 * (self.d + self.lmbda)) if i > 0
                            else self.lmbda / (self.d + self.lmbda) + (1 - self.alpha ** 2 + self.beta)
                            for i in range(2 * self.d + 1)])
        nsteps, *_ = sample_obs.shape
        mu_t = init_state
        Sigma_t = self.Q
        if observations is None:
            observations = [()] * nsteps
        else:
            observations = [(obs,) for obs in observations]

        mu_hist = jnp.zeros((nsteps, self.d))
        Sigma_hist = jnp.zeros((nsteps, self.d, self.d))

        mu_hist = index_update(mu_hist, 0, mu_t)
        Sigma_hist = index_update(Sigma_hist, 0, Sigma_t)

        for t in range(nsteps):
            comp1 = mu_t[:, None] + self.gamma * self.sqrtm(Sigma_t)
            comp2 = mu_t[:, None] - self.gamma * self.sqrtm(Sigma_t)
            sigma_points = jnp.concatenate((mu_t[:, None], comp1, comp2), axis=1)

            z_bar = self.fz(sigma_points)
            mu_bar = z_bar @ wm_vec
            Sigma_bar = (z_bar - mu_bar[:, None])
            Sigma_bar = jnp.einsum("i,ji,ki->jk", wc_vec, Sigma_bar, Sigma_bar) + self.Q

            Sigma_bar_half = self.sqrtm(Sigma_bar)
            comp1 = mu_bar[:, None] + self.gamma * Sigma_bar_half
            comp2 = mu_bar[:, None] - self.gamma * Sigma_bar_half
            sigma_points = jnp.concatenate((mu_bar[:, None], comp1, comp2), axis=1)

            x_bar = self.fx(sigma_points, *observations[t])
            x_hat = x_bar @ wm_vec
            St = x_bar - x_hat[:, None]
            St = jnp.einsum("i,ji,ki->jk", wc_vec, St, St) + self.R

            mu_hat_component = z_bar - mu_bar[:, None]
            x_hat_component = x_bar - x_hat[:, None]
            Sigma_bar_y = jnp.einsum("i,ji,ki->jk", wc_vec, mu_hat_component, x_hat_component)
            Kt = Sigma_bar_y @ jnp.linalg.inv(St)

            mu_t = mu_bar + Kt @ (sample_obs[t] - x_hat)
            Sigma_t = Sigma_bar - Kt @ St @ Kt.T
            
            mu_hist = index_update(mu_hist, t, mu_t)
            Sigma_hist = index_update(Sigma_hist, t, Sigma_t)

        return mu_hist, Sigma_hist
