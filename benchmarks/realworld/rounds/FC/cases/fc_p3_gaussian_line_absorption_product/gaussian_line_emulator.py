# Source: https://github.com/maja-jablonska/spice/blob/5426c370496aa7938513e94ea06e59cad82c018e/src/spice/spectrum/gaussian_line_emulator.py
# Title: src/spice/spectrum/gaussian_line_emulator.py (SPICE: Gaussian Line Emulator)
# Cut: kept the jitted intensity, the disk-integrated flux, the constructor and intensity(); docstrings shortened, other emulator methods dropped.
from typing import List
from functools import partial
import jax
import jax.numpy as jnp
from jax.typing import ArrayLike

# Physical constants (cgs), shared across SPICE.
from spice.constants import H_ERG_S as h, C_CM_S as c, K_B_ERG_K as k


def _blackbody(wavelength_cm: ArrayLike, T: float) -> ArrayLike:
    """Planck function for blackbody radiation"""
    return 2 * h * c**2 / wavelength_cm**5 / (jnp.exp(h * c / (wavelength_cm * k * T)) - 1)


@jax.jit
def _gaussian_line_intensity(log_wavelengths: ArrayLike, mu: float,
                            spectral_parameters: ArrayLike,
                            line_centers: ArrayLike,
                            line_widths: ArrayLike,
                            line_depths: ArrayLike) -> ArrayLike:
    """Calculate intensity with Gaussian absorption lines

    Returns:
        Intensity array with shape (n_wavelengths, 2)
    """
    # Convert log wavelengths to cm
    wavelengths_angstrom = 10 ** log_wavelengths
    wavelengths_cm = wavelengths_angstrom * 1e-8

    # Extract temperature
    Teff = spectral_parameters[0]

    # Calculate blackbody continuum
    continuum = _blackbody(wavelengths_cm, Teff)

    # Convert to per-Angstrom units
    continuum = continuum * 1e-8

    # Apply Gaussian absorption lines
    absorption = jnp.ones_like(wavelengths_angstrom)

    for i in range(len(line_centers)):
        # Gaussian profile: depth * exp(-(lambda - lambda0)^2 / (2*sigma^2))
        gaussian = jnp.exp(-0.5 * ((wavelengths_angstrom - line_centers[i]) / line_widths[i])**2)
        absorption = absorption * (1 - line_depths[i] * gaussian)

    # Apply absorption to continuum
    intensity_with_lines = continuum * absorption

    # Stack results: [intensity with lines, continuum]
    result = jnp.stack([intensity_with_lines, continuum], axis=1)

    # Handle any NaN values
    result = jnp.where(jnp.isnan(result), 0.0, result)

    return result


@partial(jax.jit, static_argnums=(0, 1, 2))
def _flux(roots: tuple, weights: tuple, intensity_method: callable,
          log_wavelengths: ArrayLike, spectral_parameters: ArrayLike) -> ArrayLike:
    """Integrate intensity over stellar disk using Gaussian quadrature"""
    roots, weights = jnp.array(roots), jnp.array(weights)
    return 2 * jnp.pi * jnp.sum(
        jax.vmap(intensity_method, in_axes=(None, 0, None))(
            log_wavelengths, roots, spectral_parameters
        ) * roots[:, jnp.newaxis, jnp.newaxis] * weights[:, jnp.newaxis, jnp.newaxis],
        axis=0
    )


class GaussianLineEmulator:
    """A simple spectrum emulator with Gaussian absorption lines."""

    def __init__(self,
                 line_centers: List[float] = None,
                 line_widths: List[float] = None,
                 line_depths: List[float] = None):

        # Default: single line at 5500 Angstroms
        self.line_centers = jnp.array(line_centers if line_centers else [5500.0])
        self.line_widths = jnp.array(line_widths if line_widths else [0.5])
        self.line_depths = jnp.array(line_depths if line_depths else [0.3])

        if len(self.line_centers) != len(self.line_widths) or \
           len(self.line_centers) != len(self.line_depths):
            raise ValueError("line_centers, line_widths, and line_depths must have the same length")

    def intensity(self, log_wavelengths: ArrayLike, mu: float, spectral_parameters: ArrayLike) -> ArrayLike:
        return _gaussian_line_intensity(log_wavelengths, mu, spectral_parameters,
                                        self.line_centers, self.line_widths, self.line_depths)
