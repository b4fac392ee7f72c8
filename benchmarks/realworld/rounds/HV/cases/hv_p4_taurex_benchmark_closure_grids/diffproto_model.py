# Source: https://github.com/ucl-exoplanets/taurex3/blob/7795d39584145ee8045e2a0adef14fa94eff01d8/examples/differentiability/diffproto.py
# Title: "Minimal differentiable TauREx-style transmission forward model" (numpy / torch / JAX prototype and benchmark)
# Cut: module part of the file: configuration, grids and the JAX model. Dropped the numpy
#      reference and torch ports; DATA (in the source: the synthetic spectrum forward_np(THETA_DATA))
#      is left as an empty array of the same shape, and THETA0 is written out from build_dataset(1).
from __future__ import annotations

import numpy as np

NLAYERS = 40
NWN = 300

P_MIN = 1e-4
P_MAX = 1e6

T_GRID = np.linspace(200.0, 8000.0, 40)
P_GRID = np.logspace(np.log10(P_MIN), np.log10(P_MAX), 30)
LOG_P_GRID = np.log10(P_GRID)

R_PLANET = 8.0e7
R_STAR = 7.0e8
GRAVITY = 20.0
T_INT = 100.0
KAPPA_V1 = 1e-3
KAPPA_V2 = 1.0
T_REF = 1200.0
MEAN_MOLAR_MASS = 2.3e-3
K_B = 1.380649e-23
N_A = 6.02214076e23
XS_SCALE = 1e-30

WNG_GRID = np.logspace(-6.0, -5.0, NWN)

NGAS_MAX = 8
GAS_BAND_STEP = 0.7
NGAS = 1

ERR = 1e-3

_JAX_STATE: dict = {}


def pressure_profile(nlayers=NLAYERS, pmin=P_MIN, pmax=P_MAX):
    p_bound = np.logspace(np.log10(pmin), np.log10(pmax), nlayers + 1)
    p_center = np.sqrt(p_bound[:-1] * p_bound[1:])
    return p_bound, p_center


def altitude_profile(p_bound, nlayers=NLAYERS):
    scale_height = K_B * T_REF / (MEAN_MOLAR_MASS / N_A * GRAVITY)
    z_bound = scale_height * np.log(p_bound / p_bound[0])
    z_center = 0.5 * (z_bound[:-1] + z_bound[1:])
    return z_bound, z_center, np.diff(z_bound)


def build_path_matrix(z_bound, z_center):
    b = (R_PLANET + z_center)[:, None]
    r0 = R_PLANET + z_bound[None, :-1]
    r1 = R_PLANET + z_bound[None, 1:]
    m0 = np.clip(r0**2 - b**2, 0.0, None)
    m1 = np.clip(r1**2 - b**2, 0.0, None)
    return 2.0 * (np.sqrt(m1) - np.sqrt(m0))


def build_xsec_grid(ngas_max: int = NGAS_MAX) -> np.ndarray:
    """Return synthetic ``(gas, T, P, wavenumber)`` cross sections."""
    gas = np.arange(ngas_max)[:, None, None, None]
    t = (T_GRID / 1000.0)[:, None, None]
    p = (P_GRID / 1e5)[None, :, None]
    w = (WNG_GRID / WNG_GRID.mean())[None, None, :]
    bands = 1.0 + 0.6 * np.cos(8.0 * np.log(w) + 2.0 * np.log(t) + GAS_BAND_STEP * gas)
    return XS_SCALE * t**-1.5 * p**0.25 * w**-1.2 * bands


P_BOUND, P_CENTER = pressure_profile()
Z_BOUND, Z_CENTER, DZ = altitude_profile(P_BOUND)
PATH = build_path_matrix(Z_BOUND, Z_CENTER)
XSEC_GRID = build_xsec_grid()
LOG_P_CENTER = np.log10(P_CENTER)

THETA0 = np.concatenate([np.full(NGAS, -3.0), [1200.0, 0.5, 1.0e-3]])
DATA = np.empty(NWN)


def _jax():
    """Import :mod:`jax` and enable float64 once."""
    import os

    os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
    import jax

    if not _JAX_STATE.get("x64"):
        jax.config.update("jax_enable_x64", True)
        _JAX_STATE["x64"] = True
    return jax


def _jax_arrays() -> dict:
    """Return the float64 JAX copies of every grid.

    The arrays are rebuilt on every call on purpose: caching ``jnp`` arrays that
    were created inside a ``jit`` trace leaks tracers into global state and
    raises ``jax.errors.UnexpectedTracerError`` on the next trace. For grids of
    this size the conversion cost is negligible.
    """
    import jax.numpy as jnp

    _jax()
    return {
        "path": jnp.asarray(PATH),
        "xsec": jnp.asarray(XSEC_GRID),
        "pressure": jnp.asarray(P_CENTER),
        "z_center": jnp.asarray(Z_CENTER),
        "dz": jnp.asarray(DZ),
        "t_grid": jnp.asarray(T_GRID),
        "log_p_grid": jnp.asarray(LOG_P_GRID),
        "data": jnp.asarray(DATA),
    }


EULER_GAMMA = 0.5772156649015329
SERIES_TERMS = 40
E2_SERIES_MAX = 3.0
E2_CF_TERMS = 48


def _exp1_series(x):
    import jax.numpy as jnp
    from jax.scipy import special as jspecial

    k = jnp.arange(1.0, SERIES_TERMS + 1.0)
    log_factorial = jspecial.gammaln(k + 1.0)
    signs = jnp.where(k % 2.0 == 1.0, 1.0, -1.0)
    log_x = jnp.log(x)
    terms = jnp.exp(jnp.expand_dims(log_x, -1) * k - log_factorial) * signs / k
    total = -EULER_GAMMA - log_x + jnp.sum(terms, axis=-1)
    return jnp.reshape(total, jnp.shape(x))


def _expn2_continued_fraction(x):
    import jax.numpy as jnp
    from jax import lax

    def body(i, term):
        k = E2_CF_TERMS - i
        b = x + 2.0 * k
        a_next = -(k + 1.0) * k
        return jnp.where(i == 0, b, b + a_next / term)

    term = lax.fori_loop(0, E2_CF_TERMS, body, jnp.zeros_like(x))
    return jnp.exp(-x) / term


def expn2_jax(x):
    import jax.numpy as jnp

    x = jnp.maximum(x, 1.0e-300)
    series = jnp.exp(-x) - x * _exp1_series(x)
    return jnp.where(x < E2_SERIES_MAX, series, _expn2_continued_fraction(x))


def guillot_temperature_jax(pressure, t_irr, alpha, kappa_ir):
    import jax.numpy as jnp

    tau = kappa_ir * pressure / GRAVITY
    gamma_1 = KAPPA_V1 / kappa_ir
    gamma_2 = KAPPA_V2 / kappa_ir

    def eta(gamma):
        part1 = 2.0 / 3.0 + 2.0 / (3.0 * gamma) * (
            1.0 + (gamma * tau / 2.0 - 1.0) * jnp.exp(-gamma * tau)
        )
        part2 = 2.0 * gamma / 3.0 * (1.0 - tau**2 / 2.0) * expn2_jax(gamma * tau)
        return part1 + part2

    t4 = (
        0.75 * T_INT**4 * (2.0 / 3.0 + tau)
        + 0.75 * t_irr**4 * (1.0 - alpha) * eta(gamma_1)
        + 0.75 * t_irr**4 * alpha * eta(gamma_2)
    )
    return jnp.clip(t4, 0.0, None) ** 0.25


def interp_xsec_jax(temperature, log_pressure, arrays, ngas):
    import jax.numpy as jnp
    from jax import lax

    xsec = arrays["xsec"]
    t_grid = arrays["t_grid"]
    p_grid = arrays["log_p_grid"]
    t_idx = lax.stop_gradient(
        jnp.clip(jnp.searchsorted(t_grid, temperature), 1, t_grid.shape[0] - 1)
    )
    p_idx = lax.stop_gradient(
        jnp.clip(jnp.searchsorted(p_grid, log_pressure), 1, p_grid.shape[0] - 1)
    )
    t_min, p_min = t_idx - 1, p_idx - 1

    fx = (temperature - t_grid[t_min]) / (t_grid[t_idx] - t_grid[t_min])
    fy = (log_pressure - p_grid[p_min]) / (p_grid[p_idx] - p_grid[p_min])
    f00 = xsec[:ngas, t_min, p_min]
    f10 = xsec[:ngas, t_idx, p_min]
    f01 = xsec[:ngas, t_min, p_idx]
    f11 = xsec[:ngas, t_idx, p_idx]
    return (1.0 - fy)[:, None] * ((1.0 - fx)[:, None] * f00 + fx[:, None] * f10) + fy[
        :, None
    ] * ((1.0 - fx)[:, None] * f01 + fx[:, None] * f11)


def _tau_loop_jax(density, sigma, path):
    """Sequential in-place accumulation via ``lax.fori_loop``."""
    import jax.numpy as jnp
    from jax import lax

    def body(layer, tau):
        contribution = jnp.sum(path[layer][:, None] * density[:, None] * sigma, axis=0)
        return tau.at[layer].add(contribution)

    return lax.fori_loop(0, density.shape[0], body, jnp.zeros_like(sigma))


def forward_jax(theta, loop: bool = False, arrays: dict | None = None):
    """JAX port of :func:`forward_np` (pure function of ``theta``).

    Passing ``arrays`` (see :func:`_jax_arrays`) hoists the grid constants out
    of the traced function, which matters for timing; otherwise they are built
    inside the trace, which is correct but re-uploads them on every call.
    """
    import jax.numpy as jnp

    if arrays is None:
        arrays = _jax_arrays()
    ngas = int(theta.shape[0]) - 3
    temperature = guillot_temperature_jax(
        arrays["pressure"], theta[ngas], theta[ngas + 1], theta[ngas + 2]
    )
    sigma_gas = interp_xsec_jax(
        temperature, jnp.log10(arrays["pressure"]), arrays, ngas
    )
    sigma_mix = jnp.einsum("i,ilw->lw", 10.0 ** theta[:ngas], sigma_gas)
    density = arrays["pressure"] / (K_B * temperature)
    if loop:
        tau = _tau_loop_jax(density, sigma_mix, arrays["path"])
    else:
        tau = jnp.einsum("lk,k,kw->lw", arrays["path"], density, sigma_mix)
    trans = jnp.exp(-tau)
    integral = jnp.sum(
        (R_PLANET + arrays["z_center"])[:, None]
        * (1.0 - trans)
        * arrays["dz"][:, None]
        * 2.0,
        axis=0,
    )
    return (R_PLANET**2 + integral) / R_STAR**2


def chisq_jax(theta, loop: bool = False, arrays: dict | None = None, data=None):
    import jax.numpy as jnp

    if arrays is None:
        arrays = _jax_arrays()
    target = arrays["data"] if data is None else data
    residual = (target - forward_jax(theta, loop=loop, arrays=arrays)) / ERR
    return jnp.sum(residual * residual)
