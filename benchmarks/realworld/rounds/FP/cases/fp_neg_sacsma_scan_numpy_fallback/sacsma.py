# Source: https://github.com/symfluence-org/jSACSMA/blob/c1eee01b172f94b7098aa22ca7c3e9d12ff66450/src/jsacsma/sacsma.py
# Title: src/jsacsma/sacsma.py (Sacramento soil moisture accounting model, JAX/NumPy)
# Cut: kept imports, simulate functions (lax.scan path and NumPy fallback loop) and the backend dispatcher; sacsma_step physics and state defaults cut
from typing import Any, NamedTuple, Optional, Tuple

import numpy as np

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

from .parameters import SacSmaParameters


def sacsma_simulate_jax(
    pxv: Any,
    pet: Any,
    params: SacSmaParameters,
    initial_state: Optional[SacSmaState] = None,
    dt: float = 1.0,
) -> Tuple[Any, SacSmaState]:
    """Run SAC-SMA simulation using JAX lax.scan.

    Args:
        pxv: Effective precipitation array (rain + melt, mm/dt)
        pet: PET array (mm/dt)
        params: SAC-SMA parameters
        initial_state: Initial state (default: 50% capacity)
        dt: Timestep in days

    Returns:
        Tuple of (total_channel_inflow mm/dt, final state)
    """
    if not HAS_JAX:
        return sacsma_simulate_numpy(
            np.asarray(pxv), np.asarray(pet), params, initial_state, dt,
        )

    if initial_state is None:
        initial_state = _create_default_state(params, use_jax=True)

    forcing = jnp.stack([pxv, pet], axis=1)

    def scan_fn(carry, forcing_step):
        p, e = forcing_step
        new_state, surface, interflow, baseflow, _ = sacsma_step(
            p, e, dt, carry, params, xp=jnp,
        )
        return new_state, surface + interflow + baseflow

    final_state, total_flow = lax.scan(scan_fn, initial_state, forcing)
    return total_flow, final_state


def sacsma_simulate_numpy(
    pxv: np.ndarray,
    pet: np.ndarray,
    params: SacSmaParameters,
    initial_state: Optional[SacSmaState] = None,
    dt: float = 1.0,
) -> Tuple[np.ndarray, SacSmaState]:
    """Run SAC-SMA simulation using NumPy (Python loop fallback).

    Args:
        pxv: Effective precipitation array (rain + melt, mm/dt)
        pet: PET array (mm/dt)
        params: SAC-SMA parameters
        initial_state: Initial state (default: 50% capacity)
        dt: Timestep in days

    Returns:
        Tuple of (total_channel_inflow mm/dt, final state)
    """
    n = len(pxv)
    total_flow = np.zeros(n)

    if initial_state is None:
        initial_state = _create_default_state(params, use_jax=False)

    state = initial_state

    for i in range(n):
        state, surface, interflow, baseflow, _ = sacsma_step(
            np.float64(pxv[i]), np.float64(pet[i]), dt, state, params, xp=np,
        )
        total_flow[i] = float(surface + interflow + baseflow)

    return total_flow, state


def sacsma_simulate(
    pxv: Any,
    pet: Any,
    params: SacSmaParameters,
    initial_state: Optional[SacSmaState] = None,
    dt: float = 1.0,
    use_jax: bool = False,
) -> Tuple[Any, SacSmaState]:
    """Run SAC-SMA simulation with automatic backend selection.

    Args:
        pxv: Effective precipitation array (rain + melt, mm/dt)
        pet: PET array (mm/dt)
        params: SAC-SMA parameters
        initial_state: Initial state (default: 50% capacity)
        dt: Timestep in days
        use_jax: Whether to prefer JAX backend

    Returns:
        Tuple of (total_channel_inflow mm/dt, final state)
    """
    if use_jax and HAS_JAX:
        return sacsma_simulate_jax(pxv, pet, params, initial_state, dt)
    else:
        return sacsma_simulate_numpy(
            np.asarray(pxv), np.asarray(pet), params, initial_state, dt,
        )
