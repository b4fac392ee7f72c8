# Source: https://github.com/oradwastaken/TMM_jax/blob/0e7ae75181dcb47b63cc0f88ac96348cd8a99c14/TMM/TMM_main.py
# Title: TMM/TMM_main.py (transfer-matrix method for multilayer thin films; numpy module that
#        TMM_jax.py re-targets to jax.numpy)
# Cut: TMM() reduced to the M-matrix part and R; _convert_to_np abridged (Polarization enum
#      conversion removed); _calc_alpha written for p/s with if instead of match; helper functions
#      otherwise as written.
from collections import namedtuple
from functools import reduce

import numpy as np

TMMArguments = namedtuple(
    "TMMArguments",
    "indices thicknesses wavelengths angles_rad n_BG_in n_BG_out polarization",
)


def _convert_to_np(wavelengths, thicknesses, indices, angles, n_BG_in, n_BG_out, polarization):
    wavelengths = np.array(np.atleast_1d(wavelengths))  # in um
    thicknesses = np.array(np.atleast_1d(thicknesses))  # in um
    indices = np.array(np.conj(np.atleast_1d(indices)))  # index of each layer
    n_BG_in = np.array(np.atleast_1d(n_BG_in))
    angles_rad = np.array(np.deg2rad(np.atleast_1d(angles)))
    if n_BG_out is None:
        n_BG_out = n_BG_in
    else:
        n_BG_out = np.array(np.atleast_1d(n_BG_out))
    return TMMArguments(indices, thicknesses, wavelengths, angles_rad, n_BG_in, n_BG_out, polarization)


def _calc_angle_in_medium(n, angles_rad, n_BG_in):
    n = np.atleast_2d(n)
    angles_rad = np.atleast_2d(angles_rad).transpose()
    theta_in_medium = np.array(np.arcsin(n_BG_in / n * np.sin(angles_rad)))
    unstable_angles = np.imag(np.conj(n) * np.cos(theta_in_medium)) < 0
    theta_in_medium = np.where(unstable_angles, np.pi - theta_in_medium, theta_in_medium)
    return theta_in_medium


def _calc_alpha(n, angle_in_medium, polarization):
    if polarization == "p":
        return (n / np.cos(angle_in_medium)).transpose()
    return (n * np.cos(angle_in_medium)).transpose()


def _calc_F_matrix(n, L, wavelengths, angles_rad, n_BG_in, polarization):
    """Characteristic matrix (2, 2, num_wavelengths, num_angles) for a single given layer."""
    angle_in_medium = _calc_angle_in_medium(n, angles_rad, n_BG_in)
    alpha = _calc_alpha(n, angle_in_medium, polarization)
    phi = (2 * np.pi * (n / wavelengths) * L * np.cos(angle_in_medium)).transpose()

    F11 = np.cos(phi)
    F22 = F11
    F12 = -1j * np.sin(phi) / alpha
    F21 = F12 * alpha**2
    F = np.array([[F11, F12], [F21, F22]])
    return F


def calc_M_matrix(wavelengths, thicknesses, indices, angles, n_BG_in, n_BG_out, polarization):
    """Calculates the individual characteristic matrices F for all layers, then multiplies them all up
    to return the M matrix for the complete stack. M is an array of shape (2, 2, num_wavelengths, num_angles).
    """
    args = _convert_to_np(wavelengths, thicknesses, indices, angles, n_BG_in, n_BG_out, polarization)

    F_list = [
        _calc_F_matrix(
            n, L, args.wavelengths, args.angles_rad, args.n_BG_in, args.polarization
        )
        for (n, L) in zip(args.indices, args.thicknesses)
    ]

    # %% Multiply up all the Fs, i.e., M = F1 * F2 * F3...
    M = reduce(mat_product, F_list)
    return M


def mat_product(a, b):
    """Performs matrix multiplication using einsum, e.g., a @ b"""
    return np.einsum("ijml, jkml -> ikml", a, b)


def TMM(wavelengths, thicknesses, indices, angles=0, n_BG_in=1, n_BG_out=None, polarization="p"):
    M = calc_M_matrix(wavelengths, thicknesses, indices, angles, n_BG_in, n_BG_out, polarization)
    args = _convert_to_np(wavelengths, thicknesses, indices, angles, n_BG_in, n_BG_out, polarization)
    incoming_angle_rad = np.atleast_2d(args.angles_rad).transpose()
    outgoing_angle_rad = _calc_angle_in_medium(args.n_BG_out, args.angles_rad, args.n_BG_in)
    alpha_in = _calc_alpha(args.n_BG_in, incoming_angle_rad, args.polarization)
    alpha_out = _calc_alpha(args.n_BG_out, outgoing_angle_rad, args.polarization)
    M00, M01, M10, M11 = M[0, 0, ...], M[0, 1, ...], M[1, 0, ...], M[1, 1, ...]
    r = (alpha_in * M00 + alpha_in * alpha_out * M01 - M10 - alpha_out * M11) / (
        alpha_in * M00 + alpha_in * alpha_out * M01 + M10 + alpha_out * M11
    )
    R = np.abs(r) ** 2
    return np.squeeze(R)
