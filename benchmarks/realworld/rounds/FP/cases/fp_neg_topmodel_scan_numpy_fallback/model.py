# Source: https://github.com/symfluence-org/jTOPMODEL/blob/8fce518030c9051602dcb048243011d4f7a76f08/src/jtopmodel/model.py
# Title: src/jtopmodel/model.py (TOPMODEL core, JAX/NumPy)
# Cut: kept imports, _get_backend, topmodel_step (vectorised over topographic-index classes, docstring cut), simulate_jax (lax.scan) and the NumPy fallback loop; snow/route/step helpers cut
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
        "JAX not available. TOPMODEL will use NumPy backend. "
        "Install JAX for autodiff, JIT compilation, and GPU support: pip install jax jaxlib"
    )


def _get_backend(use_jax: bool = True):
    """Get the appropriate array backend (JAX or NumPy)."""
    if use_jax and HAS_JAX:
        return jnp
    return np



def topmodel_step(
    p_eff: Any,
    pet: Any,
    s_bar: Any,
    srz: Any,
    suz: Any,
    lnaotb: Any,
    dist_area: Any,
    params: TopmodelParameters,
    dt: float = 24.0,
    use_jax: bool = True
) -> Tuple[Any, Any, Any, Any, Any, Any]:
    """

    """
    xp = _get_backend(use_jax)

    # Convert mm/day inputs to m for internal computation
    p_eff_m = p_eff / 1000.0
    pet_m = pet / 1000.0

    # --- 1. Baseflow ---
    # szq = exp(lnTe + ln(dt) - lambda_bar)
    # Since lambda_bar is absorbed (TI distribution centered at 0), lambda_bar = 0
    # dt is in hours; for daily: dt=24
    ln_dt = xp.log(xp.maximum(dt, 1e-6))
    szq = xp.exp(params.lnTe + ln_dt)
    q_b_m = szq * xp.exp(-s_bar / xp.maximum(params.m, 1e-6))

    # --- 2. Local deficit per TI class ---
    # S_local_i = max(S_bar + m * (lambda_bar - lnaotb_i), 0)
    # With lambda_bar = 0:
    s_local = xp.maximum(s_bar + params.m * (0.0 - lnaotb), 0.0)

    # --- 3. Root zone accounting ---
    # Infiltration reduces root zone deficit
    new_srz = xp.maximum(srz - p_eff_m, 0.0)

    # Excess water that the root zone cannot hold → unsaturated zone
    excess_to_uz = xp.maximum(-(srz - p_eff_m), 0.0)  # = max(p_eff_m - srz, 0)
    new_suz = suz + excess_to_uz

    # --- 4. Evapotranspiration ---
    # Ea = Ep * (1 - Srz / Srmax), capped at available moisture
    et_fraction = xp.maximum(1.0 - new_srz / xp.maximum(params.Srmax, 1e-6), 0.0)
    actual_et_m = xp.minimum(pet_m * et_fraction, xp.maximum(params.Srmax - new_srz, 0.0))
    new_srz = new_srz + actual_et_m  # ET increases deficit

    # --- 5. Unsaturated zone drainage ---
    # quz = min(Suz / (S_local * td), Suz) where S_local > 0
    quz = xp.where(
        s_local > 0.0,
        xp.minimum(
            new_suz / xp.maximum(s_local * params.td, 1e-10),
            new_suz
        ),
        0.0
    )
    new_suz = new_suz - quz

    # --- 6. Overland flow (saturation excess) ---
    # Where S_local = 0, all UZ storage becomes overland flow
    # Plus any UZ storage exceeding local deficit
    ex = xp.maximum(new_suz - s_local, 0.0)
    new_suz = new_suz - ex

    # --- 7. Mean deficit update ---
    # S_bar += -sum(dist * quz) + Q_b
    recharge = xp.sum(dist_area * quz)
    new_s_bar = s_bar - recharge + q_b_m
    new_s_bar = xp.maximum(new_s_bar, 0.0)

    # --- Convert outputs to mm/day ---
    q_baseflow = q_b_m * 1000.0          # m -> mm
    q_overland = xp.sum(dist_area * ex) * 1000.0  # m -> mm
    actual_et = xp.sum(dist_area * actual_et_m) * 1000.0  # m -> mm

    return new_s_bar, new_srz, new_suz, q_baseflow, q_overland, actual_et



def simulate_jax(
    precip: Any,
    temp: Any,
    pet: Any,
    params: TopmodelParameters,
    initial_state: Optional[TopmodelState] = None,
    warmup_days: int = 365,
    dt: float = 24.0
) -> Tuple[Any, TopmodelState]:
    """
    Run full TOPMODEL simulation using JAX lax.scan (JIT-compatible).

    Args:
        precip: Precipitation timeseries (mm/day), shape (n_days,)
        temp: Temperature timeseries (deg C), shape (n_days,)
        pet: PET timeseries (mm/day), shape (n_days,)
        params: TOPMODEL parameters
        initial_state: Initial model state (uses defaults if None)
        warmup_days: Number of warmup days
        dt: Timestep in hours

    Returns:
        Tuple of (runoff_timeseries, final_state)
    """
    if not HAS_JAX:
        return simulate_numpy(precip, temp, pet, params, initial_state,
                              warmup_days, dt)

    if initial_state is None:
        initial_state = create_initial_state(params=params, use_jax=True)

    # Generate TI distribution (pass JAX tracer directly, no float() cast)
    lnaotb, dist_area = generate_ti_distribution(
        ti_std=params.ti_std, use_jax=True
    )

    # Stack forcing for scan
    forcing = jnp.stack([precip, temp, pet], axis=1)

    def scan_fn(state, forcing_step):
        p, t, e = forcing_step
        new_state, runoff = step(p, t, e, state, params, lnaotb, dist_area, dt, use_jax=True)
        return new_state, runoff

    final_state, runoff = lax.scan(scan_fn, initial_state, forcing)

    return runoff, final_state


def simulate_numpy(
    precip: np.ndarray,
    temp: np.ndarray,
    pet: np.ndarray,
    params: TopmodelParameters,
    initial_state: Optional[TopmodelState] = None,
    warmup_days: int = 365,
    dt: float = 24.0
) -> Tuple[np.ndarray, TopmodelState]:
    """
    Run full TOPMODEL simulation using NumPy (fallback when JAX not available).

    Args:
        precip: Precipitation timeseries (mm/day)
        temp: Temperature timeseries (deg C)
        pet: PET timeseries (mm/day)
        params: TOPMODEL parameters
        initial_state: Initial model state
        warmup_days: Number of warmup days
        dt: Timestep in hours

    Returns:
        Tuple of (runoff_timeseries, final_state)
    """
    n_timesteps = len(precip)

    if initial_state is None:
        initial_state = create_initial_state(params=params, use_jax=False)

    # Generate TI distribution
    lnaotb, dist_area = generate_ti_distribution(
        ti_std=float(params.ti_std), use_jax=False
    )

    runoff = np.zeros(n_timesteps)
    state = initial_state

    for i in range(n_timesteps):
        state, runoff[i] = step(
            precip[i], temp[i], pet[i], state, params,
            lnaotb, dist_area, dt, use_jax=False
        )

    return runoff, state

