# Source: https://github.com/StuartGJohnson/AA203_project/blob/c0d109e6a1feb0f75693d6d4b9d50202ac5d9e43/scp_pest.py
# Title: scp_pest.py (Stanford AA203 project: SCP control of a pest/pesticide reaction-diffusion PDE)
# Cut: cvxpy sub-problem, spatial refinement and serialisation dropped; solve_control_problem is a shortened driver rebuilt from solve_scp (initial rollout + affinize) and the run function (jax.jit of discretize)
from functools import partial

import jax
import numpy as np

import pest_pde


@partial(jax.jit, static_argnums=(0,))
@partial(jax.vmap, in_axes=(None, 0, 0))
def affinize(f, s, u):
    """Affinize the function `f(s, u)` around `(s, u)`."""
    A, B = jax.jacobian(f, (0, 1))(s, u)
    # note this assumes we correct for s and u when using A,B and c !
    c = f(s, u)

    return A, B, c


def discretize(f, dt):
    """Discretize continuous-time dynamics `f` via Runge-Kutta integration."""
    def integrator(s, u, dt=dt):
        k1 = dt * f(s, u)
        k2 = dt * f(s + k1 / 2, u)
        k3 = dt * f(s + k2 / 2, u)
        k4 = dt * f(s + k3, u)
        return s + (k1 + 2 * k2 + 2 * k3 + k4) / 6
    return integrator


def solve_control_problem(pp_env, dt, s0, u0, N):
    pest = pest_pde.PestSim(pp_env)
    # Initialize the discrete-time dynamics
    fd = jax.jit(discretize(pest.pests_wrapper_su_jax, dt))
    s = np.zeros((N + 1, s0.size))
    u = np.zeros((N, u0.size)) + u0
    s[0] = s0
    for k in range(N):
        s[k + 1] = fd(s[k], u[k])
    A, B, c = affinize(fd, s[:-1], u)
    return A, B, c
