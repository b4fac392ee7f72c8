# Source: https://github.com/nickmcgreivy/InvariantPreservingMLSolvers/blob/89ec65c41e0916a2a6ff7d50e4fd767ff6441a15/traditional_demos/1d_burgers/burgers_4_1.py
# Title: traditional_demos/1d_burgers/burgers_4_1.py (finite-volume Burgers demo: centered, l2-stabilised and Godunov fluxes)
# Cut: kept the RK steps, the fluxes, the time derivative, the scan-based simulate_1D and the demo driver up to the snapshot lists; replaced the Gauss-Legendre quadrature/projection helpers (map_f_to_FV) by cell-centre sampling; dropped the plotting

import jax.numpy as np
from jax import vmap, jit
from jax.lax import scan
import matplotlib.pyplot as plt
from jax.config import config

config.update("jax_enable_x64", True)

vmap_polyval = vmap(np.polyval, (0, None), -1)

import matplotlib as mpl

mpl.rcParams.update(mpl.rcParamsDefault)


def forward_euler(a_n, t_n, F, dt, dl_dt=None):
    a_1 = a_n + dt * F(a_n, t_n, dl_dt=dl_dt)
    return a_1, t_n + dt


def ssp_rk2(a_n, t_n, F, dt, dl_dt=None):
    a_1 = a_n + dt * F(a_n, t_n, dl_dt=dl_dt)
    a_2 = 0.5 * a_n + 0.5 * a_1 + 0.5 * dt * F(a_1, t_n + dt, dl_dt=dl_dt)
    return a_2, t_n + dt


def ssp_rk3(a_n, t_n, F, dt, dl_dt=None):
    a_1 = a_n + dt * F(a_n, t_n, dl_dt=dl_dt)
    a_2 = 0.75 * a_n + 0.25 * (a_1 + dt * F(a_1, t_n + dt, dl_dt=dl_dt))
    a_3 = 1 / 3 * a_n + 2 / 3 * (a_2 + dt * F(a_2, dt + dt / 2, dl_dt=dl_dt))
    return a_3, t_n + dt



def map_f_to_FV(f, t, nx, dx):
    x = dx * (0.5 + np.arange(nx))
    return f(x, t)[:, None]


def _scan(sol, x, rk_F):
    a, t = sol
    a_f, t_f = rk_F(a, t, x)
    return (a_f, t_f), None


def _scan_output(sol, x, rk_F):
    a, t = sol
    a_f, t_f = rk_F(a, t, x)
    return (a_f, t_f), (a, t)


def _centered_flux_1D_burgers(a):
    a = np.pad(a, ((0, 1), (0, 0)), "wrap")
    u_left = np.sum(a[:-1], axis=-1)
    u_right = np.sum(a[1:], axis=-1)
    return ((u_left + u_right) / 2) ** 2 / 2
    # return ((u_left**2 + u_right**2) / 2)


def _stabilized_flux_1D_burgers(a):
    f0 = _centered_flux_1D_burgers(a)
    diff = np.roll(a[:, 0], -1) - a[:, 0]
    S = np.sum(f0 * diff)
    return f0 - S * diff / np.sum(diff**2)


def _stabilized2_flux_1D_burgers(a, dl_dt):
    f0 = _centered_flux_1D_burgers(a)
    diff = np.roll(a[:, 0], -1) - a[:, 0]
    dl_dt_old = np.sum(f0 * diff)
    return f0 + (dl_dt - dl_dt_old) * diff / np.sum(diff**2)


def _godunov_flux_1D_burgers(a):
    a = np.pad(a, ((0, 1), (0, 0)), "wrap")
    u_left = np.sum(a[:-1], axis=-1)
    u_right = np.sum(a[1:], axis=-1)
    zero_out = 0.5 * np.abs(np.sign(u_left) + np.sign(u_right))
    compare = np.less(u_left, u_right)
    F = lambda u: u**2 / 2
    return compare * zero_out * np.minimum(F(u_left), F(u_right)) + (
        1 - compare
    ) * np.maximum(F(u_left), F(u_right))


def time_derivative_1D_burgers(
    a,
    t,
    nx,
    dx,
    flux,
    dl_dt=None,
):
    if flux == "centered":
        flux_right = _centered_flux_1D_burgers(a)
    elif flux == "godunov":
        flux_right = _godunov_flux_1D_burgers(a)
    elif flux == "stabilized":
        flux_right = _stabilized_flux_1D_burgers(a)
    elif flux == "stabilized2":
        flux_right = _stabilized2_flux_1D_burgers(a, dl_dt)
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
    flux="centered",
    dl_dt=None,
):
    dadt = lambda a, t, dl_dt: time_derivative_1D_burgers(
        a,
        t,
        nx,
        dx,
        flux,
        dl_dt=dl_dt,
    )

    rk_F = lambda a, t, dl_dt: rk(a, t, dadt, dt, dl_dt=dl_dt)

    if output:
        scanf = jit(lambda sol, x: _scan_output(sol, x, rk_F))
        _, data = scan(scanf, (a0, t0), dl_dt, length=nt)
        return data
    else:
        scanf = jit(lambda sol, x: _scan(sol, x, rk_F))
        (a_f, t_f), _ = scan(scanf, (a0, t0), dl_dt, length=nt)
        return (a_f, t_f)


def l2_norm(a):
    return 1 / 2 * np.mean(a**2)


vmap_l2_norm = vmap(l2_norm)

nx = 20
Np = 4
T = 0.5
L = 1.0
t0 = 0.0
f_init = lambda x, t: np.sin(2 * np.pi * x)
cfl_safety = 0.1

dx = L / nx
dt = cfl_safety * dx
nt = T // dt + 1
a0 = map_f_to_FV(f_init, t0, nx, dx)

##########
# Calculate dl/dt
##########


##### exact

UPSAMPLE = 25
nx_exact = nx * UPSAMPLE
dx_exact = L / nx_exact
dt_exact = cfl_safety * dx_exact
a0_exact = map_f_to_FV(f_init, t0, nx_exact, dx_exact)
nt_exact = T // dt_exact + 2

a_data, t_data = simulate_1D(
    a0_exact, t0, nx_exact, dx_exact, dt_exact, nt_exact, output=True, flux="godunov"
)
dl_dt_exact = (vmap_l2_norm(a_data[1:]) - vmap_l2_norm(a_data[:-1])) / dt_exact

dl_dt_upsample = np.mean(dl_dt_exact.reshape(-1, UPSAMPLE), axis=-1)
a_godunov = a_data[:-1][::UPSAMPLE]
t_godunov = t_data[:-1][::UPSAMPLE]


#### fluxes

a_centered, _ = simulate_1D(a0, t0, nx, dx, dt, nt, flux="centered", output="True")
a_stabilized, _ = simulate_1D(a0, t0, nx, dx, dt, nt, flux="stabilized", output="True")
a_stabilized2, _ = simulate_1D(
    a0, t0, nx, dx, dt, nt, flux="stabilized2", output="True", dl_dt=dl_dt_upsample
)


js = [0, 33, 66, 99]

a_centered_list = []
a_stabilized_list = []
a_stabilized2_list = []
a_godunov_list = []


for j in js:
    a_godunov_list.append(a_godunov[j])
    a_centered_list.append(a_centered[j])
    a_stabilized_list.append(a_stabilized[j])
    a_stabilized2_list.append(a_stabilized2[j])

