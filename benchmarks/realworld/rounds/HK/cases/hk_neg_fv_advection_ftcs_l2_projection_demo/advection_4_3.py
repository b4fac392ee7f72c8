# Source: https://github.com/nickmcgreivy/InvariantPreservingMLSolvers/blob/89ec65c41e0916a2a6ff7d50e4fd767ff6441a15/traditional_demos/1d_advection/advection_4_3.py
# Title: traditional_demos/1d_advection/advection_4_3.py (finite-volume advection demo: FTCS vs FTCS with an l2-norm-preserving correction)
# Cut: kept the RK steps (incl. the l2 correction in forward_euler), fluxes, time derivative, scan-based simulate_1D and the driver up to the snapshot lists; replaced the Gauss-Legendre projection helpers (map_f_to_FV) by cell-centre sampling; dropped plotting

import jax.numpy as np
from jax import vmap, jit
from jax.lax import scan
import matplotlib.pyplot as plt
from jax.config import config

config.update("jax_enable_x64", True)

vmap_polyval = vmap(np.polyval, (0, None), -1)

import matplotlib as mpl

mpl.rcParams.update(mpl.rcParamsDefault)


def forward_euler(a_n, t_n, F, dt, delta_l2=None):
    update = dt * F(a_n, t_n)
    if delta_l2 is not None:
        update = update - np.mean(update)
        G = np.roll(a_n, -1, axis=0) + np.roll(a_n, 1, axis=0) - 2 * a_n
        coeff = np.sum((a_n + update) * G) / np.sum(G**2)
        sqrt_arg = (
            (np.sum(G**2))
            * (2 * np.sum(a_n * update) + np.sum(update**2) - delta_l2)
            / ((np.sum((a_n + update) * G)) ** 2)
        )
        epsilon = coeff * (-1 + np.sqrt(1 - sqrt_arg))
        update = update + epsilon * G
    a_1 = a_n + update
    return a_1, t_n + dt


def ssp_rk2(a_n, t_n, F, dt, delta_l2=None):
    a_1 = a_n + dt * F(a_n, t_n)
    a_2 = 0.5 * a_n + 0.5 * a_1 + 0.5 * dt * F(a_1, t_n + dt)
    return a_2, t_n + dt


def ssp_rk3(a_n, t_n, F, dt, delta_l2=None):
    a_1 = a_n + dt * F(a_n, t_n)
    a_2 = 0.75 * a_n + 0.25 * (a_1 + dt * F(a_1, t_n + dt))
    a_3 = 1 / 3 * a_n + 2 / 3 * (a_2 + dt * F(a_2, dt + dt / 2))
    return a_3, t_n + dt



def map_f_to_FV(f, t, nx, dx):
    x = dx * (0.5 + np.arange(nx))
    return f(x, t)[:, None]


def _scan(sol, x, rk_F):
    a, t = sol
    a_f, t_f = rk_F(a, t)
    return (a_f, t_f), None


def _scan_output(sol, x, rk_F):
    a, t = sol
    a_f, t_f = rk_F(a, t)
    return (a_f, t_f), (a, t)


def _muscl_flux_1D_advection(a):
    raise NotImplementedError


def _centered_flux_1D_advection(a):
    u = np.sum(a, axis=-1)
    return (u + np.roll(u, -1)) / 2


def _upwind_flux_1D_advection(a):
    return np.sum(a, axis=-1)


def time_derivative_1D_advection(a, t, nx, dx, flux):
    if flux == "centered":
        flux_right = _centered_flux_1D_advection(a)
    elif flux == "upwind":
        flux_right = _upwind_flux_1D_advection(a)
    else:
        raise Exception

    flux_left = np.roll(flux_right, 1, axis=0)
    return (flux_left[:, None] - flux_right[:, None]) / dx


def simulate_1D(
    a0,
    t0,
    nx,
    dx,
    dt,
    nt,
    output=False,
    rk=ssp_rk3,
    delta_l2=None,
    flux="centered",
):
    dadt = lambda a, t: time_derivative_1D_advection(
        a,
        t,
        nx,
        dx,
        flux,
    )

    rk_F = lambda a, t: rk(a, t, dadt, dt, delta_l2=delta_l2)

    if output:
        scanf = jit(lambda sol, x: _scan_output(sol, x, rk_F))
        _, data = scan(scanf, (a0, t0), None, length=nt)
        return data
    else:
        scanf = jit(lambda sol, x: _scan(sol, x, rk_F))
        (a_f, t_f), _ = scan(scanf, (a0, t0), None, length=nt)
        return (a_f, t_f)


def l2_norm(a):
    """
    a should be (nx, 1)
    """
    return 1 / 2 * np.mean(a**2)


vmap_l2_norm = vmap(l2_norm)


nx = 20
Np = 3
T = 1.0
L = 1.0
t0 = 0.0
fs = 14
f_init = lambda x, t: np.sin(2 * np.pi * x)
f_exact = lambda x, t: np.sin(2 * np.pi * (x - t))
cfl_safety = 0.5

dx = L / nx
dt = cfl_safety * dx
nt = T // dt + 1
a0 = map_f_to_FV(f_init, t0, nx, dx)

UPSAMPLE = 20

nx_exact = nx * UPSAMPLE
dx_exact = L / nx_exact


#### fluxes

a_centered, t_centered = simulate_1D(
    a0, t0, nx, dx, dt, nt, flux="centered", output="True", rk=forward_euler
)
a_update, _ = simulate_1D(
    a0,
    t0,
    nx,
    dx,
    dt,
    nt,
    flux="centered",
    output="True",
    rk=forward_euler,
    delta_l2=0.0,
)

num = a_centered.shape[0]
js = [0, int(num * 0.5), -1]
assert Np == len(js)

a_centered_list = []
a_update_list = []
a_exact_list = []


for j in js:
    a_centered_list.append(a_centered[j])
    a_update_list.append(a_update[j])
    a_exact_j = map_f_to_FV(f_exact, t_centered[j], nx_exact, dx_exact)
    a_exact_list.append(a_exact_j)


