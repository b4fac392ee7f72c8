# Source: https://github.com/AyaLahlou/clm-ml-jax/blob/f5e606c8c751412edb0e7839c5a39f7c4b246bda/src/clm_src_biogeophys/SoilWaterMovementMod.py
# Title: clm-ml-jax -- src/clm_src_biogeophys/SoilWaterMovementMod.py (JAX translation of CLM SoilWaterMovementMod.F90)
# Cut: NamedTuple docstrings and long function docstrings trimmed; code of the jitted kernels, the per-column
#      helper, the column loop and the public entry point kept.
"""Soil water movement module: hydraulic properties and soil moisture for CLM hydrology."""
from functools import partial
from typing import NamedTuple, Tuple

import jax.numpy as jnp
from jax import jit, Array


class Bounds(NamedTuple):
    begc: int
    endc: int


class SoilStateArrays(NamedTuple):
    watsat: Array    # (ncolumns, nlevsoi)
    hksat: Array     # (ncolumns, nlevsoi)
    sucsat: Array    # (ncolumns, nlevsoi)
    bsw: Array       # (ncolumns, nlevsoi)
    nbedrock: Array  # (ncolumns,)
    dz: Array        # (ncolumns, nlevsoi)


class WaterStateType(NamedTuple):
    h2osoi_liq: Array  # (ncolumns, nlevsoi)


class SoilStateType(NamedTuple):
    soil_arrays: SoilStateArrays
    vwc_liq: Array  # (ncolumns, nlevsoi)
    hk: Array       # (ncolumns, nlevsoi)
    smp: Array      # (ncolumns, nlevsoi)


class HydraulicProperties(NamedTuple):
    hk: Array   # (nlayers,)
    smp: Array  # (nlayers,)


# Density of liquid water [kg/m3]
DENH2O = 1000.0


@partial(jit, static_argnums=(1,))
def _compute_vwc_liq_single_column(
    h2osoi_liq: Array,
    nlayers: int,
    dz: Array
) -> Array:
    """Compute liquid volumetric water content for a single column."""
    # Fortran line 94-95: vwc_liq(c,j) = max(h2osoi_liq(c,j),1.0e-6_r8)/(dz(c,j)*denh2o)
    layer_mask = jnp.arange(h2osoi_liq.shape[0]) < nlayers
    
    vwc_liq = jnp.where(
        layer_mask,
        jnp.maximum(h2osoi_liq, 1.0e-6) / (dz * DENH2O),
        0.0  # Inactive layers set to zero
    )
    
    return vwc_liq


@jit
def _compute_hydraulic_properties_layer(
    vwc_liq: Array,
    watsat: Array,
    hksat: Array,
    sucsat: Array,
    bsw: Array
) -> HydraulicProperties:
    """Clapp-Hornberger (1978) hydraulic conductivity and matric potential."""
    s = vwc_liq / watsat
    s = jnp.minimum(s, 1.0)
    s = jnp.maximum(0.01, s)
    hk = hksat * jnp.power(s, 2.0 * bsw + 3.0)
    smp = -sucsat * jnp.power(s, -bsw)
    smp = jnp.maximum(smp, -1.0e8)
    return HydraulicProperties(hk=hk, smp=smp)


def _process_single_column(
    c: int,
    soilstate_inst: SoilStateType,
    waterstate_inst: WaterStateType
) -> Tuple[Array, Array, Array]:
    """Process a single column for moisture and hydraulic property calculations.
    
    Fortran reference: lines 87-105
    
    Args:
        c: Column index
        soilstate_inst: Soil state variables
        waterstate_inst: Water state variables
        
    Returns:
        Tuple of (vwc_liq, hk, smp) arrays for this column
    """
    # Fortran line 90: nlayers = nbedrock(c)
    nlayers = soilstate_inst.soil_arrays.nbedrock[c]
    
    # Fortran lines 93-95: Compute liquid volumetric water content
    vwc_col = _compute_vwc_liq_single_column(
        waterstate_inst.h2osoi_liq[c],
        nlayers,
        soilstate_inst.soil_arrays.dz[c]
    )
    
    # Fortran lines 97-99: Call compute_hydraulic_properties
    hydraulic_props = _compute_hydraulic_properties_layer(
        vwc_col,
        soilstate_inst.soil_arrays.watsat[c],
        soilstate_inst.soil_arrays.hksat[c],
        soilstate_inst.soil_arrays.sucsat[c],
        soilstate_inst.soil_arrays.bsw[c]
    )
    
    return vwc_col, hydraulic_props.hk, hydraulic_props.smp


# ============================================================================
# Private Core Functions
# ============================================================================

def _soilwater_moisture_form(
    bounds: Bounds,
    num_hydrologyc: int,
    filter_hydrologyc: Array,
    soilstate_inst: SoilStateType,
    waterstate_inst: WaterStateType
) -> SoilStateType:
    """Compute soil moisture properties for hydrology calculations.
    
    Fortran reference: lines 50-109 (subroutine soilwater_moisture_form)
    
    This function computes liquid volumetric water content and hydraulic
    properties for all columns in the hydrology filter.
    
    Args:
        bounds: CLM column bounds containing begc, endc indices
        num_hydrologyc: Number of columns in CLM hydrology filter
        filter_hydrologyc: CLM column filter indices for hydrology
        soilstate_inst: Soil state variables
        waterstate_inst: Water state variables
        
    Returns:
        Updated SoilStateType with computed vwc_liq, hk, and smp
    """
    ncolumns, nlevsoi = soilstate_inst.soil_arrays.dz.shape
    
    # Initialize output arrays (Fortran lines 78-80)
    vwc_liq = soilstate_inst.vwc_liq
    hk = soilstate_inst.hk
    smp = soilstate_inst.smp
    
    # Process each column in the hydrology filter (Fortran lines 87-105)
    for fc in range(num_hydrologyc):
        c = filter_hydrologyc[fc]
        vwc_col, hk_col, smp_col = _process_single_column(
            c, soilstate_inst, waterstate_inst
        )
        vwc_liq = vwc_liq.at[c].set(vwc_col)
        hk = hk.at[c].set(hk_col)
        smp = smp.at[c].set(smp_col)
    
    # Return updated soil state
    return SoilStateType(
        soil_arrays=soilstate_inst.soil_arrays,
        vwc_liq=vwc_liq,
        hk=hk,
        smp=smp
    )


# ============================================================================
# Public Interface
# ============================================================================


def soil_water(
    bounds: Bounds,
    num_hydrologyc: int,
    filter_hydrologyc: Array,
    soilstate_inst: SoilStateType,
    waterstate_inst: WaterStateType
) -> SoilStateType:
    """Main entry point for soil water movement calculations (Fortran subroutine SoilWater)."""
    # Call the moisture form calculation (Fortran lines 45-46)
    updated_soilstate = _soilwater_moisture_form(
        bounds=bounds,
        num_hydrologyc=num_hydrologyc,
        filter_hydrologyc=filter_hydrologyc,
        soilstate_inst=soilstate_inst,
        waterstate_inst=waterstate_inst,
    )
    return updated_soilstate
