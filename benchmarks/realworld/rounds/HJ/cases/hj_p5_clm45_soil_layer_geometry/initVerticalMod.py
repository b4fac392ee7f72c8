# Source: https://github.com/AyaLahlou/clm-ml-jax/blob/f5e606c8c751412edb0e7839c5a39f7c4b246bda/src/clm_src_main/initVerticalMod.py
# Title: clm-ml-jax -- src/clm_src_main/initVerticalMod.py ("Translation of CLM-ml_v1/clm_src_main/initVerticalMod.F90 to Python/JAX")
# Cut: kept the three jitted CLM4.5 layer-geometry functions and their per-column caller; module globals
#      (col, _vertical_structure, nlevgrnd = 50) reduced to stand-ins.
"""
Vertical structure initialization module for CLM.

Translation of CLM-ml_v1/clm_src_main/initVerticalMod.F90 to Python/JAX.
"""

import jax
import jax.numpy as jnp

nlevsoi = 20
nlevgrnd = 50
col = None
_vertical_structure = None


@jax.jit
def _calculate_clm45_depths(scalez: float, nlevgrnd: int) -> jnp.ndarray:
    """
    Calculate layer depths for CLM4.5 physics.
    
    Args:
        scalez: Scaling parameter for layer thickness
        nlevgrnd: Number of ground layers
        
    Returns:
        Array of layer depths
    """
    j_array = jnp.arange(1, nlevgrnd + 1)
    depths = scalez * (jnp.exp(0.5 * (j_array - 0.5)) - 1.0)
    return depths


@jax.jit
def _calculate_clm45_thicknesses(depths: jnp.ndarray) -> jnp.ndarray:
    """
    Calculate layer thicknesses for CLM4.5 physics.
    
    Args:
        depths: Array of layer depths
        
    Returns:
        Array of layer thicknesses
    """
    nlevgrnd = len(depths)
    thicknesses = jnp.zeros(nlevgrnd)
    
    # First layer
    thicknesses = thicknesses.at[0].set(0.5 * (depths[0] + depths[1]))
    
    # Middle layers
    for j in range(1, nlevgrnd - 1):
        thicknesses = thicknesses.at[j].set(0.5 * (depths[j + 1] - depths[j - 1]))
    
    # Last layer
    thicknesses = thicknesses.at[nlevgrnd - 1].set(depths[nlevgrnd - 1] - depths[nlevgrnd - 2])
    
    return thicknesses


@jax.jit
def _calculate_clm45_interfaces(depths: jnp.ndarray, thicknesses: jnp.ndarray) -> jnp.ndarray:
    """
    Calculate interface depths for CLM4.5 physics.
    
    Args:
        depths: Array of layer depths
        thicknesses: Array of layer thicknesses
        
    Returns:
        Array of interface depths
    """
    nlevgrnd = len(depths)
    interfaces = jnp.zeros(nlevgrnd + 1)
    
    # Surface interface
    interfaces = interfaces.at[0].set(0.0)
    
    # Middle interfaces
    for j in range(1, nlevgrnd):
        interfaces = interfaces.at[j].set(0.5 * (depths[j - 1] + depths[j]))
    
    # Bottom interface
    interfaces = interfaces.at[nlevgrnd].set(depths[nlevgrnd - 1] + 0.5 * thicknesses[nlevgrnd - 1])
    
    return interfaces


def _init_clm45_layers(col_idx: int) -> None:
    """
    Initialize CLM4.5 layer structure for a column.
    
    Args:
        col_idx: Column index (0-based)
    """
    global col, _vertical_structure
    
    # Calculate layer depths
    depths = _calculate_clm45_depths(_vertical_structure.scalez, nlevgrnd)
    col.z = col.z.at[col_idx, :].set(depths)
    
    # Calculate layer thicknesses
    thicknesses = _calculate_clm45_thicknesses(depths)
    col.dz = col.dz.at[col_idx, :].set(thicknesses)
    
    # Calculate interface depths
    interfaces = _calculate_clm45_interfaces(depths, thicknesses)
    col.zi = col.zi.at[col_idx, :].set(interfaces)
