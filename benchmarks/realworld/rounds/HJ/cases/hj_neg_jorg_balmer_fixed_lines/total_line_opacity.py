# Source: https://github.com/jiadonglee/jorg/blob/1dc29e5b51e67650d7e22210f69dc8662810d27a/src/jorg/lines/total_line_opacity.py
# Title: jorg (JAX translation of Korg.jl) -- src/jorg/lines/total_line_opacity.py, hydrogen_balmer_lines
# Cut: module imports reduced to the one helper used (its body, a Voigt line profile on the grid, is a stub here);
#      the jitted function kept verbatim.
"""
Enhanced Total Line Opacity Calculation
"""
import jax
import jax.numpy as jnp
from jax import jit


def calculate_line_opacity_korg_method(wavelengths, line_wavelength, excitation_potential, log_gf,
                                       temperature, electron_density, hydrogen_density, abundance,
                                       atomic_mass=1.008, gamma_stark=0.0, log_gamma_vdw=-7.5):
    # (stub) from .opacity
    sigma = line_wavelength * 1e-5
    return abundance * 10**log_gf * jnp.exp(-0.5 * ((wavelengths - line_wavelength) / sigma) ** 2)


@jit
def hydrogen_balmer_lines(wavelengths: jnp.ndarray, temperature: float, 
                         n_H_I: float, n_H_II: float, ne: float) -> jnp.ndarray:
    """
    Calculate hydrogen Balmer line opacity with proper quantum mechanics.
    
    Parameters:
    -----------
    wavelengths : jnp.ndarray
        Wavelength grid in Angstroms
    temperature : float
        Temperature in K
    n_H_I : float
        H I density in cm^-3
    n_H_II : float
        H II density in cm^-3
    ne : float
        Electron density in cm^-3
        
    Returns:
    --------
    jnp.ndarray
        Balmer line opacity in cm^-1
    """
    # Balmer series transitions (n=2 -> n>2)
    balmer_lines = [
        (6562.8, 3, 2, 0.6407),    # H-alpha (n=3->2)
        (4861.3, 4, 2, 0.1193),    # H-beta (n=4->2)
        (4340.5, 5, 2, 0.0447),    # H-gamma (n=5->2)
        (4101.7, 6, 2, 0.0200),    # H-delta (n=6->2)
        (3970.1, 7, 2, 0.0102),    # H-epsilon (n=7->2)
        (3889.1, 8, 2, 0.0057),    # H-zeta (n=8->2)
    ]
    
    total_opacity = jnp.zeros_like(wavelengths)
    
    for line_wl, n_upper, n_lower, f_value in balmer_lines:
        # Energy levels (Rydberg formula)
        E_lower = -13.6 * (1.0 / n_lower**2)  # eV
        E_upper = -13.6 * (1.0 / n_upper**2)  # eV
        excitation_energy = E_upper - E_lower  # Energy above ground state
        
        # Line parameters
        log_gf = jnp.log10(f_value)
        
        # Stark broadening (important for Balmer lines)
        gamma_stark = 1.0e-15 * ne  # Simplified Stark broadening
        
        # Van der Waals broadening
        log_gamma_vdw = -7.0  # Typical value for hydrogen
        
        # Calculate line opacity for all wavelengths (JAX will optimize)
        line_opacity = calculate_line_opacity_korg_method(
            wavelengths, line_wl, excitation_energy, log_gf,
            temperature, ne, n_H_I, 1.0,  # abundance = 1 for hydrogen
            atomic_mass=1.008,
            gamma_stark=gamma_stark,
            log_gamma_vdw=log_gamma_vdw
        )
        
        # Apply wavelength range mask using JAX-compatible operations
        wl_min, wl_max = wavelengths[0], wavelengths[-1]
        in_range = (line_wl >= wl_min - 100) & (line_wl <= wl_max + 100)
        
        total_opacity += jnp.where(in_range, line_opacity, 0.0)
    
    return total_opacity
