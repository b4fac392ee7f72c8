# Source: https://github.com/jiadonglee/jorg/blob/1dc29e5b51e67650d7e22210f69dc8662810d27a/src/jorg/statmech/saha_equation.py
# Title: jorg (JAX translation of Korg.jl) -- src/jorg/statmech/saha_equation.py, FastSahaCalculator
# Cut: __init__ and two of the pre-compiled closures kept; saha_ion_weights_vectorized (element-wise Saha
#      weights over the 92 elements) is a stub; solve_electron_density kept verbatim.
import jax
import jax.numpy as jnp
from jax import jit
from functools import partial
from typing import Dict, Tuple

MAX_ATOMIC_NUMBER = 92


def saha_ion_weights_vectorized(T, ne, chi_I, chi_II, U_I, U_II, U_III, atomic_numbers):
    # (stub) vectorised over all elements at once
    kT = 8.617333262e-5 * T
    wII = 2.0 * U_II / U_I * jnp.exp(-chi_I / kT) / ne
    wIII = wII * 2.0 * U_III / U_II * jnp.exp(-chi_II / kT) / ne
    return wII, wIII


class FastSahaCalculator:
    """
    Fast Saha equation calculator with pre-compiled functions and vectorization.
    """
    
    def __init__(self, ionization_energies: Dict[int, Tuple[float, float, float]]):
        """
        Initialize with ionization energy data.
        
        Parameters:
        -----------
        ionization_energies : Dict[int, Tuple[float, float, float]]
            Ionization energies for all elements
        """
        self.max_elements = MAX_ATOMIC_NUMBER
        
        # Pre-process ionization energies into arrays for vectorization
        self.chi_I = jnp.zeros(self.max_elements)
        self.chi_II = jnp.zeros(self.max_elements)
        self.chi_III = jnp.zeros(self.max_elements)
        self.atomic_numbers = jnp.arange(1, self.max_elements + 1)
        
        for Z in range(1, self.max_elements + 1):
            if Z in ionization_energies:
                chi_I, chi_II, chi_III = ionization_energies[Z]
                self.chi_I = self.chi_I.at[Z-1].set(chi_I)
                self.chi_II = self.chi_II.at[Z-1].set(chi_II if chi_II > 0 else 0.0)
                self.chi_III = self.chi_III.at[Z-1].set(chi_III if chi_III > 0 else 0.0)
        
        # Pre-compile functions
        self._compile_functions()
    
    def _compile_functions(self):
        """Pre-compile all Saha equation functions."""
        
        @jit
        def compute_all_ionization_weights(T: float, ne: float,
                                         U_I: jnp.ndarray, U_II: jnp.ndarray, U_III: jnp.ndarray) -> Tuple[jnp.ndarray, jnp.ndarray]:
            """
            Compute ionization weights for all elements at given conditions.
            """
            return saha_ion_weights_vectorized(T, ne, self.chi_I, self.chi_II, 
                                             U_I, U_II, U_III, self.atomic_numbers)
        
        self._compute_all_weights = compute_all_ionization_weights
        
        @jit
        def compute_ionization_fractions(wII: jnp.ndarray, wIII: jnp.ndarray) -> Tuple[jnp.ndarray, jnp.ndarray, jnp.ndarray]:
            """
            Compute ionization fractions from weights.
            
            Returns:
            --------
            Tuple[jnp.ndarray, jnp.ndarray, jnp.ndarray]
                (f_I, f_II, f_III) - neutral, singly, doubly ionized fractions
            """
            total = 1.0 + wII + wIII
            f_I = 1.0 / total
            f_II = wII / total
            f_III = wIII / total
            return f_I, f_II, f_III
        
        self._compute_fractions = compute_ionization_fractions
        
        @jit
        def compute_electron_contribution(wII: jnp.ndarray, wIII: jnp.ndarray,
                                        abundances: jnp.ndarray, total_atoms: jnp.ndarray) -> float:
            """
            Compute total electron contribution from ionization.
            
            Parameters:
            -----------
            wII, wIII : jnp.ndarray
                Ionization weights
            abundances : jnp.ndarray
                Element abundances
            total_atoms : jnp.ndarray
                Total atomic densities
                
            Returns:
            --------
            float
                Total electron density from ionization
            """
            neutral_fractions = 1.0 / (1.0 + wII + wIII)
            neutral_densities = total_atoms * neutral_fractions
            electron_contrib = (wII + 2.0 * wIII) * neutral_densities
            return jnp.sum(electron_contrib)
        
        self._compute_electron_contrib = compute_electron_contribution
    
    @partial(jit, static_argnums=(0,))
    def solve_electron_density(self, T: float, nt: float, abundances: jnp.ndarray,
                             U_I: jnp.ndarray, U_II: jnp.ndarray, U_III: jnp.ndarray,
                             ne_guess: float, max_iter: int = 20) -> float:
        """
        Solve for electron density using charge conservation.
        
        Parameters:
        -----------
        T : float
            Temperature in K
        nt : float
            Total number density in cm^-3
        abundances : jnp.ndarray
            Element abundances (normalized)
        U_I, U_II, U_III : jnp.ndarray
            Partition function arrays
        ne_guess : float
            Initial electron density guess
        max_iter : int
            Maximum iterations
            
        Returns:
        --------
        float
            Converged electron density
        """
        ne = ne_guess
        
        # Fixed-point iteration with vectorized operations
        for _ in range(max_iter):
            # Compute ionization weights
            wII, wIII = self._compute_all_weights(T, ne, U_I, U_II, U_III)
            
            # Compute electron density from charge conservation
            total_atoms = abundances * (nt - ne)
            ne_new = self._compute_electron_contrib(wII, wIII, abundances, total_atoms)
            
            # Check convergence
            rel_error = jnp.abs(ne_new - ne) / jnp.maximum(ne, 1e-30)
            if rel_error < 1e-6:
                return ne_new
            
            # Update with damping for stability
            ne = 0.7 * ne_new + 0.3 * ne
            ne = jnp.clip(ne, nt * 1e-15, nt * 0.1)
        
