# Source: https://github.com/MatzeLopi/KIT-2243070/blob/0b77f953eae61262f069fbb88a59bd0eea37aa15/Exercises/models/utils.py
# Title: Exercises/models/utils.py (Data-Based Modeling and Control course solutions)
# Cut: only PDEParams, build_laplacian_matrix and solve_pde_implicit kept; read_mat/dotdict data-loading helpers and docstrings cut. The solver calls scipy spsolve on every step, so it runs eagerly to make training data.
from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp
from scipy.sparse import diags
from scipy.sparse.linalg import spsolve


@dataclass
class PDEParams:
    d: float
    c: float
    fun: Callable
    t: jax.Array
    u: jax.Array
    z: jax.Array


def build_laplacian_matrix(N: int, dz: float, d: float, dt: float):
    diag = 1 + 2 * d * dt / dz**2
    off = -d * dt / dz**2
    main_diag = diag * jnp.ones(N)
    off_diag = off * jnp.ones(N - 1)
    A = diags([off_diag, main_diag, off_diag], offsets=[-1, 0, 1], format="csr")
    return A


def solve_pde_implicit(p: PDEParams, ic_func=None):
    z = p.z
    dz = z[1] - z[0]
    t = p.t
    dt = t[1] - t[0]
    N = len(z)

    # Initial condition
    if ic_func:
        x = jnp.array([ic_func(zi) for zi in z])
    else:
        x = (
            jnp.sin(jnp.pi * z)
            + jnp.cos(jnp.pi * z)
            + jnp.sin(3 * jnp.pi * z)
            + jnp.cos(3 * jnp.pi * z)
        )

    # Prepare solution storage
    x_hist = [x]

    # Build Laplacian once
    A = build_laplacian_matrix(N, dz, p.d, dt)

    for i in range(len(t) - 1):
        ti = t[i]
        ui = p.u[i]

        # Convection term (explicit)
        dx = (jnp.roll(x, -1) - jnp.roll(x, 1)) / (2 * dz)
        dx = dx.at[0].set(-ui / p.d)  # left BC
        dx = dx.at[-1].set(0.0)  # right BC

        # Reaction term (explicit)
        f_val = jax.vmap(lambda xi, dxi, zi: p.fun(xi, dxi, zi, ti))(x, dx, z)

        rhs = x + dt * (p.c * dx + f_val)

        # Implicit solve: (I - dt*d*Dzz) x_next = rhs
        x = jnp.array(spsolve(A, rhs))  # convert back to JAX array
        x_hist.append(x)

    return jnp.stack(x_hist), z, t

