# Source: https://github.com/AyaLahlou/clm-ml-jax/blob/f5e606c8c751412edb0e7839c5a39f7c4b246bda/src/clm_src_biogeophys/SurfaceAlbedoMod.py
# Title: clm-ml-jax -- src/clm_src_biogeophys/SurfaceAlbedoMod.py ("Fortran source: SurfaceAlbedoMod.F90")
# Cut: input/output NamedTuples reduced to the fields used; soil_albedo kept with its long docstring trimmed.
"""Surface albedo calculations for CTSM.

Fortran source: SurfaceAlbedoMod.F90, lines 1-136
"""

from typing import NamedTuple
import jax.numpy as jnp
from jax import Array, jit

NUMRAD = 2  # Number of radiation wavebands


class SoilAlbedoInputs(NamedTuple):
    h2osoi_vol: Array       # (ncols, nlevsoi)
    isoicol: Array          # (ncols,)
    albsat: Array           # (mxsoil_color, numrad)
    albdry: Array           # (mxsoil_color, numrad)
    filter_nourbanc: Array  # (num_nourbanc,)


class SoilAlbedoOutputs(NamedTuple):
    albsoib: Array
    albsoid: Array


@jit
def soil_albedo(
    inputs: SoilAlbedoInputs,
    numrad: int = NUMRAD
) -> SoilAlbedoOutputs:
    """Calculate ground surface (soil) albedo.

    Fortran source: SurfaceAlbedoMod.F90, lines 86-134
    """
    # Extract filter indices
    filter_cols = inputs.filter_nourbanc
    num_nourbanc = filter_cols.shape[0]
    
    # Get soil moisture for top layer (index 0) at filtered columns
    # Shape: (num_nourbanc,)
    h2osoi_vol_top = inputs.h2osoi_vol[filter_cols, 0]
    
    # Get soil color indices for filtered columns
    # Shape: (num_nourbanc,)
    soilcol = inputs.isoicol[filter_cols]
    
    # Calculate soil water correction factor (line 127)
    # inc increases as soil dries (lower h2osoi_vol)
    # Physical interpretation:
    # - Wet soil (h2osoi_vol ~ 0.275): inc ~ 0.0 (no correction)
    # - Dry soil (h2osoi_vol ~ 0.0): inc ~ 0.11 (maximum brightening)
    inc = jnp.maximum(0.11 - 0.40 * h2osoi_vol_top, 0.0)
    # Shape: (num_nourbanc,)
    
    # Initialize output arrays
    ncols = inputs.h2osoi_vol.shape[0]
    albsoib = jnp.zeros((ncols, numrad), dtype=jnp.float64)
    albsoid = jnp.zeros((ncols, numrad), dtype=jnp.float64)
    
    # Calculate albedo for each waveband (lines 124-130)
    for ib in range(numrad):
        # Get saturated and dry albedo for this waveband and soil colors
        # Shape: (num_nourbanc,)
        albsat_ib = inputs.albsat[soilcol, ib]
        albdry_ib = inputs.albdry[soilcol, ib]
        
        # Calculate albedo with moisture correction (line 128)
        # Bounded between saturated (wet) and dry values
        # albsat_ib: dark (wet) limit
        # albdry_ib: bright (dry) limit
        alb_ib = jnp.minimum(albsat_ib + inc, albdry_ib)
        
        # Update output arrays at filtered column indices (lines 128-129)
        # Direct beam and diffuse albedos are equal for soil
        albsoib = albsoib.at[filter_cols, ib].set(alb_ib)
        albsoid = albsoid.at[filter_cols, ib].set(alb_ib)
    
    return SoilAlbedoOutputs(
        albsoib=albsoib,
        albsoid=albsoid
    )
