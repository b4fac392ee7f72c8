# Source: https://github.com/timamelko25/jax_solver/blob/a0a834a97ccf8893b1bd3043e139eee02118d2b0/src/pressure_solver.py
# Title: src/pressure_solver.py (pressure solver for 2D and 3D IMPES)
# Cut: docstrings shortened; compute_velocity_1d, the 2D wrapper and the 3D solver dropped; the eager caller
# from src/solver.py (IMPESSolver1D.step) appended as a comment.
from typing import Optional
import jax.numpy as jnp
from jax import jit, lax
from src.properties import FlowParams, compute_mobility


def solve_pressure_1d(
    Sw: jnp.ndarray,
    perm: jnp.ndarray,
    params: FlowParams,
    q: jnp.ndarray,
    dx: float,
    p_bc: Optional[jnp.ndarray] = None,
    max_iter: int = 100,
    tol: float = 1e-6,
) -> jnp.ndarray:
    """Solve pressure equation in 1D using Gauss-Seidel iteration."""
    nx = Sw.shape[0]

    lambda_w, lambda_o, lambda_total = compute_mobility(Sw, params)
    lambda_eff = lambda_total * perm

    p = jnp.zeros(nx)
    if p_bc is not None:
        p = p.at[:].set(p_bc)

    h2 = dx**2

    for _ in range(max_iter):
        p_old = p

        for i in range(1, nx - 1):
            p_left = p[i - 1]
            p_right = p[i + 1]
            l_center = lambda_eff[i]
            l_left = lambda_eff[i - 1]
            l_right = lambda_eff[i + 1]

            denom = 2.0 * l_center / h2
            denom = jnp.where(denom > 0, denom, 1e10)

            p_new = (l_left * p_left / h2 + l_right * p_right / h2 - q[i]) / denom

            p = p.at[i].set(p_new)

        error = jnp.max(jnp.abs(p - p_old))
        if error < tol:
            break

    return p


@jit
def _solve_pressure_2d_jitted(p, lambda_x, lambda_y, q, dx, dy, max_iter, tol):
    hx = dx**2
    hy = dy**2

    def cond_func(state):
        i, p, converged = state
        return jnp.logical_and(i < max_iter, jnp.logical_not(converged))

    def body_func(state):
        i, p, converged = state
        p_old = p

        p_left = p[1:-1, :-2]
        p_right = p[1:-1, 2:]
        p_down = p[:-2, 1:-1]
        p_up = p[2:, 1:-1]

        lx_left = lambda_x[1:-1, :-2]
        lx_right = lambda_x[1:-1, 2:]
        ly_down = lambda_y[:-2, 1:-1]
        ly_up = lambda_y[2:, 1:-1]

        denom = 2.0 * (lambda_x[1:-1, 1:-1] / hx + lambda_y[1:-1, 1:-1] / hy)
        denom = jnp.where(denom > 0, denom, 1e10)

        p_new = (
            lx_left * p_left / hx
            + lx_right * p_right / hx
            + ly_down * p_down / hy
            + ly_up * p_up / hy
            - q[1:-1, 1:-1]
        ) / denom

        p = p.at[1:-1, 1:-1].set(p_new)

        error = jnp.max(jnp.abs(p - p_old))
        converged = error < tol

        return i + 1, p, converged

    init_state = (0, p, False)
    _, p_final, _ = lax.while_loop(cond_func, body_func, init_state)
    return p_final



# src/solver.py, IMPESSolver1D.step (not jitted; called from run() in a Python time loop):
#     p = solve_pressure_1d(
#         Sw, self.params, q, self.dx, self.config.p_inlet, self.config.p_outlet
#     )
