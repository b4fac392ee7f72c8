# Source: https://github.com/ucl-exoplanets/taurex3/blob/7795d39584145ee8045e2a0adef14fa94eff01d8/examples/differentiability/diffproto.py
# Title: "Minimal differentiable TauREx-style transmission forward model": numpy reference and torch port
# Cut: the numpy reference forward (with its per-layer interpolation loop and the loop=True layer
#      accumulation) and the torch layer loop; grids, Guillot profile, torch interpolation and the JAX
#      port are omitted (guillot_temperature_torch / interp_xsec_torch are called but not reproduced).
#      Reconstructed: forward_np takes the grids as arguments (module globals in the source) and
#      forward_torch takes `arrays` as a required argument (default _torch_arrays() in the source).
from __future__ import annotations

import numpy as np
from scipy.special import expn as scipy_expn

NLAYERS = 40
NWN = 300
T_GRID = np.linspace(200.0, 8000.0, 40)
P_GRID = np.logspace(np.log10(1e-4), np.log10(1e6), 30)
LOG_P_GRID = np.log10(P_GRID)
WNG_GRID = np.logspace(-6.0, -5.0, NWN)
K_B = 1.380649e-23
R_PLANET = 8.0e7
R_STAR = 7.0e8
GRAVITY = 20.0
T_INT = 100.0
KAPPA_V1 = 1e-3
KAPPA_V2 = 1.0


def closest_pair_np(arr: np.ndarray, value: float) -> tuple[int, int]:
    """Port of ``taurex.util.find_closest_pair`` (searchsorted index lookup)."""
    right = int(np.searchsorted(arr, value))
    right = max(min(arr.shape[0] - 1, right), 1)
    return max(0, right - 1), right


def guillot_temperature_np(
    pressure: np.ndarray, t_irr: float, alpha: float, kappa_ir: float
) -> np.ndarray:
    """Guillot (2010) profile, including the ``scipy.special.expn`` term."""
    tau = kappa_ir * pressure / GRAVITY
    gamma_1 = KAPPA_V1 / kappa_ir
    gamma_2 = KAPPA_V2 / kappa_ir

    def eta(gamma: float) -> np.ndarray:
        part1 = 2.0 / 3.0 + 2.0 / (3.0 * gamma) * (
            1.0 + (gamma * tau / 2.0 - 1.0) * np.exp(-gamma * tau)
        )
        part2 = 2.0 * gamma / 3.0 * (1.0 - tau**2 / 2.0) * scipy_expn(2, gamma * tau)
        return part1 + part2

    t4 = (
        0.75 * T_INT**4 * (2.0 / 3.0 + tau)
        + 0.75 * t_irr**4 * (1.0 - alpha) * eta(gamma_1)
        + 0.75 * t_irr**4 * alpha * eta(gamma_2)
    )
    return np.clip(t4, 0.0, None) ** 0.25


def interp_xsec_np(
    temperature: np.ndarray, log_pressure: np.ndarray, xsec: np.ndarray, ngas: int
) -> np.ndarray:
    """Bilinear ``(T, log10 P)`` cross-section interpolation for ``ngas`` gases."""
    out = np.empty((ngas, temperature.size, xsec.shape[-1]))
    for layer in range(temperature.size):
        t_min, t_max = closest_pair_np(T_GRID, temperature[layer])
        p_min, p_max = closest_pair_np(LOG_P_GRID, log_pressure[layer])
        fx = (temperature[layer] - T_GRID[t_min]) / (T_GRID[t_max] - T_GRID[t_min])
        fy = (log_pressure[layer] - LOG_P_GRID[p_min]) / (
            LOG_P_GRID[p_max] - LOG_P_GRID[p_min]
        )
        f00 = xsec[:ngas, t_min, p_min]
        f10 = xsec[:ngas, t_max, p_min]
        f01 = xsec[:ngas, t_min, p_max]
        f11 = xsec[:ngas, t_max, p_max]
        out[:, layer] = (1.0 - fy) * ((1.0 - fx) * f00 + fx * f10) + fy * (
            (1.0 - fx) * f01 + fx * f11
        )
    return out


def absorption_from_tau_np(
    tau: np.ndarray, z_center: np.ndarray, dz: np.ndarray
) -> np.ndarray:
    """Port of ``TransmissionModel.compute_absorption`` (no in-place exp)."""
    trans = np.exp(-tau)
    integral = np.sum(
        (R_PLANET + z_center)[:, None] * (1.0 - trans) * dz[:, None] * 2.0, axis=0
    )
    return (R_PLANET**2 + integral) / R_STAR**2


def forward_np(theta, P_CENTER, LOG_P_CENTER, XSEC_GRID, PATH, Z_CENTER, DZ, loop: bool = False):
    """Reference transmission spectrum for ``ngas + 3`` fitting parameters."""
    ngas = int(np.size(theta)) - 3
    mixing_ratios = 10.0 ** theta[:ngas]
    t_irr, alpha, kappa_ir = theta[ngas], theta[ngas + 1], theta[ngas + 2]
    temperature = guillot_temperature_np(P_CENTER, t_irr, alpha, kappa_ir)
    sigma_gas = interp_xsec_np(temperature, LOG_P_CENTER, XSEC_GRID, ngas)
    sigma_mix = np.einsum("i,ilw->lw", mixing_ratios, sigma_gas)
    density = P_CENTER / (K_B * temperature)
    if loop:
        tau = np.zeros((NLAYERS, WNG_GRID.size))
        for layer in range(NLAYERS):
            for k in range(NLAYERS):
                tau[layer] += PATH[layer, k] * density[k] * sigma_mix[k]
    else:
        tau = np.einsum("lk,k,kw->lw", PATH, density, sigma_mix)
    return absorption_from_tau_np(tau, Z_CENTER, DZ)


def _tau_loop_torch(density, sigma, path, use_early_out: bool = False):
    """Port of the ``for layer ... tau[layer] += ...`` accumulation."""
    import torch

    nlayers = density.shape[0]
    tau = torch.zeros((nlayers, sigma.shape[1]), dtype=sigma.dtype, device=sigma.device)
    for layer in range(nlayers):
        if use_early_out and bool(tau[layer].min().detach() > 10.0):
            continue
        for k in range(nlayers):
            tau[layer] = tau[layer] + path[layer, k] * density[k] * sigma[k]
    return tau


def forward_torch(theta, arrays, loop: bool = False, use_early_out: bool = False):
    """Torch port of :func:`forward_np`; ``theta`` must require grad."""
    import torch

    ngas = int(theta.shape[0]) - 3
    pressure = arrays["pressure"]
    temperature = guillot_temperature_torch(
        pressure, theta[ngas], theta[ngas + 1], theta[ngas + 2]
    )
    sigma_gas = interp_xsec_torch(temperature, torch.log10(pressure), arrays, ngas)
    sigma_mix = torch.einsum("i,ilw->lw", 10.0 ** theta[:ngas], sigma_gas)
    density = pressure / (K_B * temperature)
    if loop:
        tau = _tau_loop_torch(density, sigma_mix, arrays["path"], use_early_out)
    else:
        tau = torch.einsum("lk,k,kw->lw", arrays["path"], density, sigma_mix)
    trans = torch.exp(-tau)
    integral = torch.sum(
        (R_PLANET + arrays["z_center"])[:, None]
        * (1.0 - trans)
        * arrays["dz"][:, None]
        * 2.0,
        dim=0,
    )
    return (R_PLANET**2 + integral) / R_STAR**2
