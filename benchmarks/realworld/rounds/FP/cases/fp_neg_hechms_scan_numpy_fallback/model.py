# Source: https://github.com/symfluence-org/jHECHMS/blob/5493f68c31565a68ef07054173ce2e9cb5f8ec8f/src/jhechms/model.py
# Title: src/jhechms/model.py (HEC-HMS snow/loss/transform/baseflow core, JAX/NumPy)
# Cut: kept imports, simulate_jax (lax.scan) and the NumPy fallback loop; __all__, process step functions cut
# SPDX-License-Identifier: Apache-2.0
# Copyright (C) 2024-2026 SYMFLUENCE Team <dev@symfluence.org>

"""
HEC-HMS Model Core - JAX Implementation.

Pure JAX/NumPy functions for native HEC-HMS hydrological model algorithms:
1. Snow routine - ATI-based Temperature Index snow model
2. Loss routine - SCS Curve Number Continuous method
3. Transform routine - Clark Unit Hydrograph (linear reservoir)
4. Baseflow routine - Linear Reservoir groundwater

Enables:
- Automatic differentiation for gradient-based calibration
- JIT compilation for fast execution
- Vectorization (vmap) for ensemble runs
- DDS and other evolutionary calibration

References:
    US Army Corps of Engineers (2000). Hydrologic Modeling System HEC-HMS
    Technical Reference Manual. Hydrologic Engineering Center, Davis, CA.

    Feldman, A.D. (2000). Hydrologic Modeling System HEC-HMS Technical
    Reference Manual. US Army Corps of Engineers, Davis, CA.
"""

import math
import warnings
from typing import Any, Dict, Optional, Tuple

import numpy as np

# Lazy JAX import with numpy fallback
try:
    import jax
    import jax.numpy as jnp
    from jax import lax
    HAS_JAX = True
except ImportError:
    HAS_JAX = False
    jnp = None
    jax = None
    lax = None
    warnings.warn(
        "JAX not available. HEC-HMS model will use NumPy backend. "
        "Install JAX for autodiff, JIT compilation, and GPU support: pip install jax jaxlib"
    )

from .parameters import (
    DEFAULT_PARAMS,
    PARAM_BOUNDS,
    HecHmsParameters,
    HecHmsState,
    create_initial_state,
    create_params_from_dict,
)


def simulate_jax(
    precip: Any,
    temp: Any,
    pet: Any,
    params: HecHmsParameters,
    initial_state: Optional[HecHmsState] = None,
    warmup_days: int = 365,
    day_of_year_start: int = 1
) -> Tuple[Any, HecHmsState]:
    """
    Run full HEC-HMS simulation using JAX lax.scan (JIT-compatible).

    Args:
        precip: Precipitation timeseries (mm/day), shape (n_days,)
        temp: Temperature timeseries (deg C), shape (n_days,)
        pet: PET timeseries (mm/day), shape (n_days,)
        params: HEC-HMS parameters
        initial_state: Initial model state (uses defaults if None)
        warmup_days: Number of warmup days
        day_of_year_start: Day of year for first timestep

    Returns:
        Tuple of (runoff_timeseries, final_state)
    """
    if not HAS_JAX:
        return simulate_numpy(precip, temp, pet, params, initial_state,
                              warmup_days, day_of_year_start)

    if initial_state is None:
        initial_state = create_initial_state(cn=params.cn, use_jax=True)

    n_steps = precip.shape[0]

    # Create day-of-year array
    doy = jnp.mod(jnp.arange(n_steps) + day_of_year_start - 1, 365) + 1

    # Stack forcing for scan
    forcing = jnp.stack([precip, temp, pet, doy.astype(jnp.float64)], axis=1)

    def scan_fn(state, forcing_step):
        p, t, e, d = forcing_step
        new_state, runoff = step(p, t, e, state, params, d, use_jax=True)
        return new_state, runoff

    final_state, runoff = lax.scan(scan_fn, initial_state, forcing)

    return runoff, final_state


def simulate_numpy(
    precip: np.ndarray,
    temp: np.ndarray,
    pet: np.ndarray,
    params: HecHmsParameters,
    initial_state: Optional[HecHmsState] = None,
    warmup_days: int = 365,
    day_of_year_start: int = 1
) -> Tuple[np.ndarray, HecHmsState]:
    """
    Run full HEC-HMS simulation using NumPy (fallback when JAX not available).

    Args:
        precip: Precipitation timeseries (mm/day)
        temp: Temperature timeseries (deg C)
        pet: PET timeseries (mm/day)
        params: HEC-HMS parameters
        initial_state: Initial model state
        warmup_days: Number of warmup days
        day_of_year_start: Day of year for first timestep

    Returns:
        Tuple of (runoff_timeseries, final_state)
    """
    n_timesteps = len(precip)

    if initial_state is None:
        initial_state = create_initial_state(cn=float(params.cn), use_jax=False)

    runoff = np.zeros(n_timesteps)
    state = initial_state

    for i in range(n_timesteps):
        doy = (i + day_of_year_start - 1) % 365 + 1
        state, runoff[i] = step(
            precip[i], temp[i], pet[i], state, params, doy, use_jax=False
        )

    return runoff, state


