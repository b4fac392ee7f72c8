# Source: https://github.com/StuartGJohnson/AA203_project/blob/c0d109e6a1feb0f75693d6d4b9d50202ac5d9e43/pest_pde.py
# Title: pest_pde.py (Stanford AA203 project: pest/pesticide reaction-diffusion PDE, NumPy/SciPy reference simulator)
# Cut: Env reduced; Laplacian builder and init_state stubbed; JAX right-hand sides, plotting and aerial-mode helpers dropped
from dataclasses import dataclass

import numpy as np
from scipy.integrate import odeint

import jax
import jax.numpy as jnp


@dataclass
class Env:
    n: int = 5
    k_cp: float = 0.2
    k_pw: float = 0.3
    k_pc: float = 0.2
    d_p: float = 1.0
    k_p: float = 0.025
    k_w: float = 0.05
    k_c: float = 0.1
    K_c: float = 1.0
    u0: float = 0.0
    dt: float = 0.1
    T: float = 10.0


def get_T(env: Env):
    """ bump time for certain plotting purposes (so the last time point is sampled)."""
    return env.T + 2*env.dt


def init_state(e):
    s = np.concatenate([0.5 * np.ones(e.n ** 2), np.zeros(e.n ** 2), np.zeros(e.n ** 2)])
    u = e.u0 * np.ones((e.n**2,))
    return s, u



def pests(s, u, e: Env, L:np.ndarray, b:np.ndarray):
    """compute state time derivative for the pest ODE."""
    # unpack s
    c, p, w = np.split(s, 3)
    dc = -e.k_cp * p * c + e.k_c*(1 - c/e.K_c) * c
    dp = e.d_p * L @ p + b - e.k_pw * w * p + e.k_pc * c * p - e.k_p * p
    dw = u - e.k_w * w
    ds = np.concatenate([dc, dp, dw])
    return ds

class PestSim:
    def __init__(self, e: Env, L: np.ndarray, b: np.ndarray):
        self.e = e
        self.L = L
        self.b = b

    def pests_wrapper(self, s, t, u):
        return pests(s, u, self.e, self.L, self.b)

    def simulate(self):
        s_init, u_init = init_state(self.e)
        t = np.arange(0.0, get_T(self.e), self.e.dt)
        num_timesteps = len(t)
        m_sim = len(u_init)
        u = np.zeros(shape=(num_timesteps, m_sim))
        n_sim = len(s_init)
        s = np.zeros(shape=(num_timesteps, n_sim))
        s[0] = s_init
        u[0] = u_init
        for k in range(0, num_timesteps):
            u[k] = u_init
            # this conditional prevents the last value in u from being
            # unset
            if k < num_timesteps - 1:
                # continuous
                s[k + 1] = odeint(self.pests_wrapper, s[k], t[k:k + 2], (u[k],))[1]
        return s, u
