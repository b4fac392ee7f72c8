# Source: https://github.com/AyaLahlou/clm-ml-jax/blob/f5e606c8c751412edb0e7839c5a39f7c4b246bda/src/clm_src_main/initVerticalMod.py
# Title: clm-ml-jax -- src/clm_src_main/initVerticalMod.py ("Translation of CLM-ml_v1/clm_src_main/initVerticalMod.F90 to Python/JAX")
# Cut: kept the jitted CLM5.0 interface/depth functions and their per-column caller; the CLM5.0 thickness
#      function (fixed 4/9-layer ranges) is replaced by a stand-in returning the same array shape.
"""
Vertical structure initialization module for CLM.

Translation of CLM-ml_v1/clm_src_main/initVerticalMod.F90 to Python/JAX.
"""

import jax
import jax.numpy as jnp

nlevsoi = 20
nlevgrnd = 50
col = None


def _calculate_clm50_thicknesses(nlevsoi: int, nlevgrnd: int) -> jnp.ndarray:
    # (stand-in) layers 1-4: 0.02 m steps, 5-13: +0.04 m, 14..nlevsoi: +0.10 m, bedrock below
    return jnp.linspace(0.02, 10.0, nlevgrnd)


@jax.jit
def _calculate_clm50_interfaces(thicknesses: jnp.ndarray) -> jnp.ndarray:
    """
    Calculate interface depths for CLM5.0 physics.
    
    Args:
        thicknesses: Array of layer thicknesses
        
    Returns:
        Array of interface depths
    """
    nlevgrnd = len(thicknesses)
    interfaces = jnp.zeros(nlevgrnd + 1)
    
    # Surface interface
    interfaces = interfaces.at[0].set(0.0)
    
    # Cumulative sum for interfaces
    for j in range(1, nlevgrnd + 1):
        interfaces = interfaces.at[j].set(jnp.sum(thicknesses[:j]))
    
    return interfaces


@jax.jit
def _calculate_clm50_depths(interfaces: jnp.ndarray) -> jnp.ndarray:
    """
    Calculate layer center depths for CLM5.0 physics.
    
    Args:
        interfaces: Array of interface depths
        
    Returns:
        Array of layer center depths
    """
    nlevgrnd = len(interfaces) - 1
    depths = jnp.zeros(nlevgrnd)
    
    for j in range(nlevgrnd):
        depths = depths.at[j].set(0.5 * (interfaces[j] + interfaces[j + 1]))
    
    return depths


def _init_clm50_layers(col_idx: int) -> None:
    """
    Initialize CLM5.0 layer structure for a column.
    
    Args:
        col_idx: Column index (0-based)
    """
    global col
    
    # Calculate layer thicknesses
    thicknesses = _calculate_clm50_thicknesses(nlevsoi, nlevgrnd)
    col.dz = col.dz.at[col_idx, :].set(thicknesses)
    
    # Calculate interface depths
    interfaces = _calculate_clm50_interfaces(thicknesses)
    col.zi = col.zi.at[col_idx, :].set(interfaces)
    
    # Calculate layer center depths
    depths = _calculate_clm50_depths(interfaces)
    col.z = col.z.at[col_idx, :].set(depths)
