# Source: https://github.com/jiadonglee/jorg/blob/1dc29e5b51e67650d7e22210f69dc8662810d27a/src/jorg/statmech/molecular.py
# Title: jorg (JAX translation of Korg.jl) -- src/jorg/statmech/molecular.py, OptimizedMolecularEquilibrium
# Cut: kernels kept with docstrings trimmed; the molecule-table loading in __init__ reduced to the arrays it
#      builds (one row per molecule read from the data file); _compile_functions kept verbatim.
import jax
import jax.numpy as jnp
from jax import jit, vmap

kboltz_cgs = 1.380649e-16  # from ..constants


@jit
def log_equilibrium_constant_kernel(log_T: float, coeffs: jnp.ndarray) -> float:
    log_T_powers = jnp.array([1.0, log_T, log_T**2, log_T**3])
    return jnp.dot(coeffs, log_T_powers)


@jit
def get_log_nK_kernel(log_K_p: float, n_atoms: int, T: float) -> float:
    """log10(nK) = log10(pK) - (n_atoms - 1) * log10(kT)"""
    return log_K_p - (n_atoms - 1) * jnp.log10(kboltz_cgs * T)


@jit
def molecular_density_kernel(n1: float, n2: float, log_nK: float) -> float:
    """For A + B <-> AB: n_AB = n_A * n_B / K_n"""
    log_n1 = jnp.log10(jnp.maximum(n1, 1e-30))
    log_n2 = jnp.log10(jnp.maximum(n2, 1e-30))
    return 10**(log_n1 + log_n2 - log_nK)


# Vectorized versions
log_equilibrium_constants_vector = vmap(log_equilibrium_constant_kernel, in_axes=(None, 0))
molecular_densities_vector = vmap(molecular_density_kernel, in_axes=(0, 0, 0))


class OptimizedMolecularEquilibrium:

    def __init__(self, molecules, molecular_coeffs, molecular_atoms, molecular_charges):
        self.molecules = molecules
        # Convert to JAX arrays
        self.molecular_coeffs_array = jnp.array(molecular_coeffs)
        self.molecular_atoms_array = jnp.array(molecular_atoms)
        self.molecular_charges_array = jnp.array(molecular_charges)
        self._compile_functions()

    def _compile_functions(self):
        @jit
        def compute_all_equilibrium_constants(log_T: float) -> jnp.ndarray:
            """Compute equilibrium constants for all molecules at given temperature."""
            return log_equilibrium_constants_vector(log_T, self.molecular_coeffs_array)
        
        self._compute_all_equilibrium_constants = compute_all_equilibrium_constants
        
        @jit
        def compute_molecular_densities_optimized(neutral_densities: jnp.ndarray,
                                                ionized_densities: jnp.ndarray,
                                                T: float) -> jnp.ndarray:
            """
            Compute all molecular densities using vectorized operations.
            
            Parameters:
            -----------
            neutral_densities : jnp.ndarray
                Neutral atomic densities [n_elements]
            ionized_densities : jnp.ndarray
                Ionized atomic densities [n_elements]
            T : float
                Temperature in K
                
            Returns:
            --------
            jnp.ndarray
                Molecular densities [n_molecules]
            """
            log_T = jnp.log(T)
            log_K_p_array = self._compute_all_equilibrium_constants(log_T)
            
            n_molecules = len(self.molecules)
            molecular_densities = jnp.zeros(n_molecules)
            
            for i in range(n_molecules):
                atoms = self.molecular_atoms_array[i]
                charge = self.molecular_charges_array[i]
                log_K_p = log_K_p_array[i]
                n_atoms_mol = jnp.sum(atoms > 0)  # Count non-zero atoms
                
                # Convert to number density form
                log_nK = get_log_nK_kernel(log_K_p, int(n_atoms_mol), T)
                
                if len(atoms) >= 2 and atoms[0] > 0 and atoms[1] > 0:
                    atom1_idx = atoms[0] - 1  # Convert to 0-based
                    atom2_idx = atoms[1] - 1
                    
                    # Ensure valid indices
                    if (atom1_idx < len(neutral_densities) and 
                        atom2_idx < len(neutral_densities)):
                        
                        if charge == 0:  # Neutral molecule
                            n1 = neutral_densities[atom1_idx]
                            n2 = neutral_densities[atom2_idx]
                        else:  # Charged molecule - first atom ionized
                            n1 = ionized_densities[atom1_idx] if atom1_idx < len(ionized_densities) else 0.0
                            n2 = neutral_densities[atom2_idx]
                        
                        molecular_density = molecular_density_kernel(n1, n2, log_nK)
                        molecular_densities = molecular_densities.at[i].set(molecular_density)
            
            return molecular_densities
        
