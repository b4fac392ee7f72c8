# Source: https://github.com/nickmcgreivy/pde_runtime_comparisons/blob/9968e35e194d3f4f7af08c4781b8eb519ae3201d/2d_navier_stokes/code/rungekutta.py
# Title: 2d_navier_stokes/code/rungekutta.py (forward Euler, SSP-RK2, SSP-RK3 steps)
# Cut: docstrings removed

import jax.numpy as np


def forward_euler(a_n, t_n, F, dt):
    return a_n + dt * F(a_n, t_n), t_n + dt


def ssp_rk2(a_n, t_n, F, dt):
    a_1 = a_n + dt * F(a_n, t_n)
    return 0.5 * a_n + 0.5 * a_1 + 0.5 * dt * F(a_1, t_n + dt), t_n + dt


def ssp_rk3(a_n, t_n, F, dt):
    dadt1 = F(a_n, t_n)
    a_1 = a_n + dt * dadt1
    dadt2 = F(a_1, t_n + dt)
    a_2 = 0.75 * a_n + 0.25 * (a_1 + dt * dadt2)
    dadt3 = F(a_2, t_n + dt / 2)
    return 1 / 3 * a_n + 2 / 3 * (a_2 + dt * dadt3), t_n + dt


FUNCTION_MAP = {
    "FE": forward_euler,
    "fe": forward_euler,
    "forward_euler": forward_euler,
    "rk2": ssp_rk2,
    "RK2": ssp_rk2,
    "ssp_rk2": ssp_rk2,
    "rk3": ssp_rk3,
    "RK3": ssp_rk3,
    "ssp_rk3": ssp_rk3,
}

