# Source: https://github.com/adconnolly/CLUBB-JAX/blob/0700ffb90388e64531269718a5d66885eecc2b71/clubb_jax/src/advance_clubb_to_end.py
# Title: CLUBB-JAX -- clubb_jax/src/advance_clubb_to_end.py ("Mirrors the timestep loop of the Fortran advance_clubb_to_end")
# Cut: stats, radiation, sedimentation, microphysics and GC bookkeeping inside the step reduced to their calls;
#      _advance_clubb_core's ~150 keyword arguments collapsed to **state.
"""CLUBB time-loop driver utilities.

Mirrors the timestep loop of the Fortran `advance_clubb_to_end` subroutine (clubb_driver.F90): per step it
applies forcings, adds the micro/radiation tendencies, calls the closure advance (advance_clubb_core), then
radiation and microphysics, and accumulates stats.
"""

from clubb_jax.src.CLUBB_core import advance_clubb_core_module
from clubb_jax.src.CLUBB_core.calc_pressure import calculate_thvm


def advance_clubb_to_end(state: dict, l_stdout: bool = True, max_steps: int | None = None):
    """Run the CLUBB time loop."""

    dt_main = state['dt_main']
    dt_rad = state['dt_rad']
    time_initial = state['time_initial']
    ifinal = state['ifinal']

    rad_interval = int(dt_rad / dt_main)
    n_steps = ifinal if max_steps is None else min(ifinal, max_steps)

    for itime_idx in range(n_steps):
        itime = itime_idx + 1
        time_current = time_initial + (itime - 1) * dt_main

        # ── Compute thvm ────────────────────────────────────────────────
        _calculate_thvm(state)

        # ── Prescribe forcings (case-specific) ──────────────────────────
        _prescribe_forcings(state, itime)

        # ── Add microphysical/radiative tendencies to forcings ─────────
        state['rtm_forcing'] = state['rtm_forcing'] + state['rcm_mc']
        state['thlm_forcing'] = state['thlm_forcing'] + state['thlm_mc'] + state['radht']

        # ── Advance CLUBB core ──────────────────────────────────────────
        _advance_clubb_core(state)

        # ── Radiation ───────────────────────────────────────────────────
        l_rad_itime = (itime % rad_interval == 0) or (itime == 1)
        if l_rad_itime:
            _advance_radiation(state=state, time_current=time_current)

        # ── Update time ─────────────────────────────────────────────────
        time_current = time_initial + itime * dt_main

        if l_stdout:
            print(f"iteration: {itime:8d} / {ifinal:8d}")


def _calculate_thvm(state: dict):
    """Update virtual potential temperature diagnostic."""
    state['thvm'] = calculate_thvm(
        nzt=state['nzt'],
        ngrdcol=state['ngrdcol'],
        thlm=state['thlm'],
        rtm=state['rtm'],
        rcm=state['rcm'],
        exner=state['exner'],
        thv_ds_zt=state['thv_ds_zt'],
    )


def _prescribe_forcings(state: dict, itime: int):
    """(cut) case-specific forcings, written into state."""


def _advance_radiation(state: dict, time_current: float):
    """(cut) radiation tendencies, written into state."""


def _advance_clubb_core(state: dict):
    """Advance the CLUBB core using the JAX translated core."""
    result = advance_clubb_core_module.advance_clubb_core(**state)
    state.update(result)
