# Source: https://github.com/symfluence-org/jXAJ/blob/034b0e0aa48b59ddd924c7e08fe9c2fd996a146e/src/jxaj/model.py
# Title: src/jxaj/model.py (Xinanjiang rainfall-runoff model, JAX core)
# Cut: kept imports, the per-step JAX function, simulate_jax (lax.scan), the NumPy fallback loop and jit_simulate; process helpers (calculate_evap, ...) and the coupled Snow-17 path cut
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

def step_jax(
    precip: Any,
    pet: Any,
    state: XinanjiangState,
    params: XinanjiangParams,
) -> Tuple[XinanjiangState, Any]:
    """Execute one timestep of Xinanjiang model (JAX version).

    Runs generation, source separation, and linear reservoir routing.

    Args:
        precip: Precipitation (mm/day)
        pet: Potential evapotranspiration (mm/day)
        state: Current model state
        params: Model parameters

    Returns:
        Tuple of (new_state, total_outflow_mm)
    """
    xp = jnp  # JAX backend

    wu, wl, wd = state.wu, state.wl, state.wd

    # Total tension water capacity and storage
    wm = params.UM + params.LM + params.DM
    w0 = wu + wl + wd

    # 1. Evapotranspiration
    eu, el, ed = calculate_evap(
        wu, wl, wd, precip, pet,
        params.UM, params.LM, params.DM, params.C, params.K, xp
    )

    # Net rainfall: PE = P - E, where E = EU + EL + ED
    pe = precip - (eu + el + ed)

    # 2. Runoff generation (saturation excess)
    r, r_im = calculate_prcp_runoff(
        params.B, params.IM, wm, w0, pe, xp
    )

    # 3. Update tension water storage
    wu_new, wl_new, wd_new = update_tension_water(
        wu, wl, wd, eu, el, ed, pe, r,
        params.UM, params.LM, params.DM, xp
    )

    # 4. Source separation (3-source split)
    rs, ri, rg, s_new, fr_new = calculate_sources(
        pe, r, r_im, params.SM, params.EX, params.KI, params.KG,
        state.s, state.fr, xp
    )

    # 5. Linear reservoir routing for interflow and groundwater
    qi = linear_reservoir(ri, params.CI, state.qi, xp)
    qg = linear_reservoir(rg, params.CG, state.qg, xp)

    # Total outflow
    q_total = rs + qi + qg
    q_total = xp.maximum(q_total, 0.0)

    new_state = XinanjiangState(
        wu=wu_new, wl=wl_new, wd=wd_new,
        s=s_new, fr=fr_new,
        qi=qi, qg=qg,
    )

    return new_state, q_total


def simulate_jax(
    precip: Any,
    pet: Any,
    params: XinanjiangParams,
    initial_state: Optional[XinanjiangState] = None,
    warmup_days: int = 365,
) -> Tuple[Any, XinanjiangState]:
    """Run full Xinanjiang simulation using JAX lax.scan (JIT-compatible).

    Args:
        precip: Precipitation timeseries (mm/day), shape (n_timesteps,)
        pet: PET timeseries (mm/day), shape (n_timesteps,)
        params: Xinanjiang parameters (XinanjiangParams namedtuple)
        initial_state: Initial model state (uses defaults if None)
        warmup_days: Number of warmup days (included in output)

    Returns:
        Tuple of (runoff_timeseries, final_state)
    """
    if not HAS_JAX:
        return simulate_numpy(precip, pet, params, initial_state, warmup_days)

    if initial_state is None:
        initial_state = create_initial_state(use_jax=True)

    # Stack forcing for scan
    forcing = jnp.stack([precip, pet], axis=1)

    def scan_fn(state, forcing_step):
        p, e = forcing_step
        new_state, q = step_jax(p, e, state, params)
        return new_state, q

    # Run simulation
    final_state, runoff = lax.scan(scan_fn, initial_state, forcing)

    return runoff, final_state


def simulate_numpy(
    precip: np.ndarray,
    pet: np.ndarray,
    params: XinanjiangParams,
    initial_state: Optional[XinanjiangState] = None,
    warmup_days: int = 365,
) -> Tuple[np.ndarray, XinanjiangState]:
    """Run full Xinanjiang simulation using NumPy (fallback).

    Args:
        precip: Precipitation timeseries (mm/day)
        pet: PET timeseries (mm/day)
        params: Xinanjiang parameters
        initial_state: Initial model state
        warmup_days: Number of warmup days

    Returns:
        Tuple of (runoff_timeseries, final_state)
    """
    n_timesteps = len(precip)
    xp = np

    if initial_state is None:
        initial_state = create_initial_state(use_jax=False)

    runoff = np.zeros(n_timesteps)
    state = initial_state

    wm = float(params.UM + params.LM + params.DM)

    for i in range(n_timesteps):
        p = precip[i]
        e = pet[i]
        wu, wl, wd = state.wu, state.wl, state.wd
        w0 = wu + wl + wd

        # Evapotranspiration
        eu, el, ed = calculate_evap(
            wu, wl, wd, p, e,
            params.UM, params.LM, params.DM, params.C, params.K, xp
        )

        # Net rainfall
        pe = p - (eu + el + ed)

        # Runoff generation
        r, r_im = calculate_prcp_runoff(
            params.B, params.IM, wm, w0, pe, xp
        )

        # Update tension water
        wu_new, wl_new, wd_new = update_tension_water(
            wu, wl, wd, eu, el, ed, pe, r,
            params.UM, params.LM, params.DM, xp
        )

        # Source separation
        rs, ri, rg, s_new, fr_new = calculate_sources(
            pe, r, r_im, params.SM, params.EX, params.KI, params.KG,
            state.s, state.fr, xp
        )

        # Linear reservoir routing
        qi = linear_reservoir(ri, params.CI, state.qi, xp)
        qg = linear_reservoir(rg, params.CG, state.qg, xp)

        q_total = max(float(rs + qi + qg), 0.0)

        state = XinanjiangState(
            wu=wu_new, wl=wl_new, wd=wd_new,
            s=s_new, fr=fr_new,
            qi=qi, qg=qg,
        )

        runoff[i] = q_total

    return runoff, state

def jit_simulate(use_gpu: bool = False):
    """Get JIT-compiled simulation function.

    Args:
        use_gpu: Whether to use GPU (if available).

    Returns:
        JIT-compiled simulation function if JAX available.
    """
    if not HAS_JAX:
        warnings.warn("JAX not available. Returning non-JIT function.")
        return simulate

    @jax.jit
    def _jit_simulate(precip, pet, params, initial_state):
        return simulate_jax(precip, pet, params, initial_state)

    return _jit_simulate
