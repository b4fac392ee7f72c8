# Source: https://github.com/StuartGJohnson/AA203_project/blob/c0d109e6a1feb0f75693d6d4b9d50202ac5d9e43/pest_pde.py
# Title: pest_pde.py (Stanford AA203 project: SCP control of a pest/pesticide reaction-diffusion PDE)
# Cut: Env dataclass reduced to the fields used; Dirichlet branch, plotting, animation and odeint simulation dropped
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np


@dataclass
class Env:
    D: float = 4  # km
    n: int = 5 # so, 1km x 1km grid spacing (see D)
    k_cp: float = 0.2
    k_pw: float = 0.3
    k_pc: float = 0.2
    d_p: float = 1.0
    k_p: float = 0.025
    k_w: float = 0.05
    k_c: float = 0.1
    K_c: float = 1.0
    flux: float = 0.1


def build_fd_lap_matrix(e: Env):
    n = e.n
    h = e.D / (e.n - 1)
    h2 = h * h
    """ build a Neumann BC Laplacian fd matrix for a square domain of size nxn. This
     array is of size n^2 x n^2."""
    d = np.ones((n,))
    d1 = np.ones((n-1,))
    t_mat_ext = np.diag(-3*d,k=0) + np.diag(d1,k=1) + np.diag(d1, k=-1)
    t_mat_ext[0, 0] = -2
    t_mat_ext[-1, -1] = -2
    t_mat_int = np.diag(-4*d,k=0) + np.diag(d1,k=1) + np.diag(d1, k=-1)
    t_mat_int[0, 0] = -3
    t_mat_int[-1, -1] = -3
    i_mat = np.diag(d, k=0)
    # insert into the final matrix (I don't see a block tridiag method)
    fd_mat = np.zeros((n**2, n**2))
    for i in range(0,n*n,n):
        if i==0 or i == n*(n-1):
            fd_mat[i:i + n, i:i + n] = t_mat_ext
        else:
            fd_mat[i:i+n, i:i+n] = t_mat_int
    for i in range(0,n*(n-1),n):
        fd_mat[i+n:i+2*n, i:i+n] = i_mat
    for i in range(0,n*(n-1),n):
        fd_mat[i:i+n, i+n:i+2*n] = i_mat
    return fd_mat / h2


def build_flux_matrix(e: Env):
    b = np.zeros((e.n-2, e.n-2), dtype=float)
    b = np.pad(b, 1, 'constant', constant_values=1.0)
    b = np.reshape(b, (e.n ** 2,))
    return b


def pests_jax(s, u, e: Env, L:jnp.ndarray, b:jnp.ndarray):
    """compute state time derivative for the pest ODE."""
    # unpack s
    c, p, w = jnp.split(s, 3)
    dc = -e.k_cp * jnp.multiply(p,c) + e.k_c* jnp.multiply((1 - c/e.K_c),c)
    dp = e.d_p * jnp.dot(L,p) + b - e.k_pw * jnp.multiply(w,p) + e.k_pc * jnp.multiply(c, p)
    dw = u - e.k_w * w
    ds = jnp.concatenate([dc, dp, dw])
    return ds


class PestSim:
    def __init__(self, e: Env):
        self.e = e
        self.L = build_fd_lap_matrix(e)
        self.Ljax = jnp.array(self.L)
        self.b = build_flux_matrix(e)
        self.bjax = jnp.array(self.b)

    def pests_wrapper_su_jax(self, s, u):
        return pests_jax(s, u, self.e, self.Ljax, self.bjax)
