# Source: https://github.com/galah92/antarray/blob/fca5971f700125de6e50d1a264d4459800b2e223/analyze.py
# Title: analyze.py (parent of 7c6dcbc "Vectorized ArrayFactorCalculator")
# Cut: nf2ff file reading and plotting removed; the element-by-element array-factor code kept.
from functools import lru_cache, partial
from pathlib import Path
import h5py
import jax
import jax.numpy as jnp
import matplotlib.pyplot as plt
import numpy as np

def get_wavenumber(freq_hz: float) -> float:
    c = 299792458  # Speed of light in m/s
    wavelength = c / freq_hz  # Wavelength in meters
    k = 2 * np.pi / wavelength  # Wavenumber in radians/meter
    return k


def get_element_positions(
    xn: int,
    yn: int,
    dx_mm: float = 60,
    dy_mm: float = 60,
) -> tuple[np.ndarray, np.ndarray]:
    dx_m, dy_m = dx_mm / 1000, dy_mm / 1000  # Convert element spacing from mm to meters
    x_positions = (np.arange(xn) - (xn - 1) / 2) * dx_m
    y_positions = (np.arange(yn) - (yn - 1) / 2) * dy_m
    return x_positions, y_positions


def array_factor(
    theta: np.ndarray,  # Array of observation theta angles (radians)
    phi: np.ndarray,  # Array of observation phi angles (radians)
    xn: int,
    yn: int,
    dx_mm: float = 60,
    dy_mm: float = 60,
    freq_hz: float = 2.45e9,
    excitations: np.ndarray | None = None,
) -> np.ndarray:
    k = get_wavenumber(freq_hz)

    theta, phi = np.asarray(theta), np.asarray(phi)

    dx_m = dx_mm / 1000  # Convert from mm to meters
    dy_m = dy_mm / 1000  # Convert from mm to meters

    # Element positions (centered around origin)
    x_pos = np.arange(xn) - (xn - 1) / 2
    y_pos = np.arange(yn) - (yn - 1) / 2

    # Create a meshgrid for broadcasting
    THETA, PHI = np.meshgrid(theta, phi, indexing="ij")

    # Phase differences
    sin_theta = np.sin(THETA)
    psi_x = k * dx_m * sin_theta * np.cos(PHI)
    psi_y = k * dy_m * sin_theta * np.sin(PHI)

    # Initialize default excitations if none provided
    if excitations is None:
        excitations = np.ones((xn, yn), dtype=complex)

    phase_shifts = np.angle(excitations)

    # Calculate array factor by summing contributions from each element
    AF = np.zeros((theta.size, phi.size), dtype=complex)
    for ix in range(xn):
        for iy in range(yn):
            phase = x_pos[ix] * psi_x + y_pos[iy] * psi_y - phase_shifts[ix, iy]
            AF += np.exp(1j * phase)

    AF = AF / (xn * yn)  # Normalize by total number of elements

    return AF


class ArrayFactorCalculator:
    """
    A class to calculate the array factor for a given array configuration.
    It pre-calculates terms dependent on geometry and observation angles
    to efficiently compute the array factor for different excitations.
    """

    def __init__(
        self,
        theta: np.ndarray,  # Array of observation theta angles (radians)
        phi: np.ndarray,  # Array of observation phi angles (radians)
        xn: int,
        yn: int,
        dx_mm: float = 60,
        dy_mm: float = 60,
        freq_hz: float = 2.45e9,
    ):
        self.theta = np.asarray(theta)
        self.phi = np.asarray(phi)
        self.xn = xn
        self.yn = yn
        self.dx_mm = dx_mm
        self.dy_mm = dy_mm
        self.freq_hz = freq_hz

        self._precompute_terms()

    def _precompute_terms(self):
        """
        Pre-computes terms that depend only on the array geometry
        and observation angles. These include k, element positions,
        and the phase components (psi_x, psi_y) for each element.
        """
        self.k = get_wavenumber(self.freq_hz)

        dx_m = self.dx_mm / 1000  # Convert from mm to meters
        dy_m = self.dy_mm / 1000  # Convert from mm to meters

        # Element positions (centered around origin)
        self.x_pos = np.arange(self.xn) - (self.xn - 1) / 2
        self.y_pos = np.arange(self.yn) - (self.yn - 1) / 2

        # Create a meshgrid for broadcasting
        THETA, PHI = np.meshgrid(self.theta, self.phi, indexing="ij")

        # Phase differences per unit step in x and y (psi_x_unit, psi_y_unit)
        sin_theta = np.sin(THETA)
        self.psi_x_unit = self.k * dx_m * sin_theta * np.cos(PHI)
        self.psi_y_unit = self.k * dy_m * sin_theta * np.sin(PHI)

        # Precompute the 'geometry-dependent' phase term for each element and angle
        # This will be (x_pos[ix] * psi_x_unit + y_pos[iy] * psi_y_unit)
        self.geometry_phase_terms = np.zeros(
            (self.xn, self.yn, self.theta.size, self.phi.size), dtype=complex
        )

        for ix in range(self.xn):
            for iy in range(self.yn):
                self.geometry_phase_terms[ix, iy, :, :] = (
                    self.x_pos[ix] * self.psi_x_unit + self.y_pos[iy] * self.psi_y_unit
                )

    def calculate_af(self, excitations: np.ndarray | None = None) -> np.ndarray:
        """
        Calculates the array factor given the element excitations.
        Assumes excitations are (xn, yn) complex array.
        If excitations is None, all elements are assumed to have 1 + 0j excitation.
        """
        # Initialize default excitations if none provided
        if excitations is None:
            excitations = np.ones((self.xn, self.yn), dtype=complex)
        elif excitations.shape != (self.xn, self.yn):
            raise ValueError(
                f"Excitations must be a ({self.xn}, {self.yn}) array, "
                f"but got {excitations.shape}"
            )

        # Ensure excitations are complex
        excitations = excitations.astype(complex)

        # Extract phase shifts from excitations
        phase_shifts = np.angle(excitations)

        # Initialize array factor sum
        AF = np.zeros((self.theta.size, self.phi.size), dtype=complex)

        # Iterate through elements, applying the excitation phase
        for ix in range(self.xn):
            for iy in range(self.yn):
                # The total phase for this element is the precomputed geometry phase
                # minus the excitation phase shift for this element.
                total_phase = (
                    self.geometry_phase_terms[ix, iy, :, :] - phase_shifts[ix, iy]
                )
                AF += excitations[ix, iy] * np.exp(
                    1j * total_phase
                )  # Multiply by magnitude as well

        AF = AF / (self.xn * self.yn)  # Normalize by total number of elements

        return AF


def array_factor3(
    theta: np.ndarray,
    phi: np.ndarray,
    xn: int,
    yn: int,
    dx_mm: float = 60,
    dy_mm: float = 60,
    freq_hz: float = 2.45e9,
    excitations: np.ndarray | None = None,
) -> np.ndarray:
    """
    Calculate the array factor for a given array configuration.
    This function uses JAX for efficient computation.
    """
    # Create an instance of the ArrayFactorCalculator
    af_calculator = ArrayFactorCalculator(theta, phi, xn, yn, dx_mm, dy_mm, freq_hz)

    # Calculate the array factor using the precomputed terms
    AF = af_calculator.calculate_af(excitations)

    return AF

