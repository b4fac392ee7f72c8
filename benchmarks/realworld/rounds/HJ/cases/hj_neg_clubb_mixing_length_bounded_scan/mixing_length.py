# Source: https://github.com/adconnolly/CLUBB-JAX/blob/0a905e8103bbbdc83967580b789e9ee1d50e57fd/clubb_jax/src/CLUBB_core/mixing_length.py
# Title: CLUBB-JAX -- clubb_jax/src/CLUBB_core/mixing_length.py ("JAX port of src/CLUBB_core/mixing_length.F90")
# Cut: calc_Lscale and the downward/direct-length parts cut; _bounded_while, _parcel_thv and the upward parcel
#      search kept; sat_mixrat_liq and the constants are stand-ins for the module imports.
"""JAX port of ``src/CLUBB_core/mixing_length.F90``.

Porting deviations:
- ``compute_mixing_length`` uses small scan helpers to express the Fortran
  parcel while-loops in JAX. Those helpers are local language adapters for the
  dynamic loop structure, not physics abstractions.
"""

from __future__ import annotations

import jax

jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp

Cp, Lv, Rd, ep, ep1 = 1004.67, 2.5e6, 287.04, 0.622, 0.61
zero, zero_threshold, one_half = 0.0, 0.0, 0.5


def sat_mixrat_liq(p, T, saturation_formula):
    esat = 611.2 * jnp.exp(17.67 * (T - 273.15) / (T - 29.65))
    return ep * esat / jnp.maximum(p - esat, 1.0)


def _bounded_while(cond_fn, body_fn, init_state, max_iters: int):
    """Run a fixed scan that freezes state after the Fortran while condition fails."""

    def step(state, _):
        run = cond_fn(state)
        new_state = body_fn(state)
        state = jax.tree_util.tree_map(
            lambda old, new: jnp.where(run, new, old),
            state,
            new_state,
        )
        return state, None

    final, _ = jax.lax.scan(step, init_state, None, length=int(max_iters))
    return final


def _parcel_thv(thl_par, rt_par, exner_j, p_j, thv_ds_j, Lv_coef_j, saturation_formula):
    tl_par_j = thl_par * exner_j
    rsatl_par_j = sat_mixrat_liq(p_j, tl_par_j, saturation_formula)
    tl_par_j_sqd = tl_par_j**2
    s_par_j = (
        (rt_par - rsatl_par_j)
        * tl_par_j_sqd
        / (tl_par_j_sqd + ep * Lv**2 / (Rd * Cp) * rsatl_par_j)
    )
    rc_par_j = jnp.maximum(s_par_j, zero_threshold)
    # theta_v of entraining parcel at grid level j
    return thl_par + ep1 * thv_ds_j * rt_par + Lv_coef_j * rc_par_j


def _upward_inner_while(
    k,
    tke,
    thl_par_j,
    rt_par_j,
    dCAPE_dz_j_minus_1,
    thl_par_j_precalc,
    rt_par_j_precalc,
    exp_mu_dzm,
    grav_on_thvm,
    Lv_coef,
    thv_ds,
    exner,
    p_in_Pa,
    thvm,
    dzm,
    invrs_dzm,
    zt,
    k_ub_zt,
    saturation_formula,
):
    init_state = (
        k + 2,
        tke,
        thl_par_j,
        rt_par_j,
        dCAPE_dz_j_minus_1,
        jnp.asarray(False),
        k + 1,
        tke,
        dCAPE_dz_j_minus_1,
        jnp.asarray(0.0),
    )

    def cond_fn(state):
        j, _tke, _thl, _rt, _dcape_prev, done, *_rest = state
        return (~done) & (j < k_ub_zt)

    def body_fn(state):
        j, tke, thl_par_j, rt_par_j, dCAPE_dz_j_minus_1, done, j_last, tke_exit, dCAPE_exit_prev, dCAPE_exit_j = state
        # d(thl_par)/dz = - mu * ( thl_par - thl_env )
        thl_par_j_new = thl_par_j_precalc[j] + thl_par_j * exp_mu_dzm[j]
        # d(rt_par)/dz = - mu * ( rt_par - rt_env )
        rt_par_j_new = rt_par_j_precalc[j] + rt_par_j * exp_mu_dzm[j]
        thv_par_j = _parcel_thv(
            thl_par_j_new,
            rt_par_j_new,
            exner[j],
            p_in_Pa[j],
            thv_ds[j],
            Lv_coef[j],
            saturation_formula,
        )
        # dCAPE/dz = g * ( thv_par - thvm ) / thvm.
        dCAPE_dz_j = grav_on_thvm[j] * (thv_par_j - thvm[j])
        # Trapezoidal estimate between grid levels j and j-1
        CAPE_incr = one_half * (dCAPE_dz_j + dCAPE_dz_j_minus_1) * dzm[j]
        tke_new = tke + CAPE_incr
        # Exit loop early if tke has been exhaused between level j and j+1
        exhausted = tke_new <= zero
        newly_exhausted = exhausted & (~done)

        return (
            jnp.where(exhausted, j, j + 1),
            jnp.where(exhausted, tke, tke_new),
            jnp.where(exhausted, thl_par_j, thl_par_j_new),
            jnp.where(exhausted, rt_par_j, rt_par_j_new),
            jnp.where(exhausted, dCAPE_dz_j_minus_1, dCAPE_dz_j),
            done | exhausted,
            jnp.where(exhausted, j_last, j),
            jnp.where(newly_exhausted, tke, tke_exit),
            jnp.where(newly_exhausted, dCAPE_dz_j_minus_1, dCAPE_exit_prev),
            jnp.where(newly_exhausted, dCAPE_dz_j, dCAPE_exit_j),
        )

    final = _bounded_while(cond_fn, body_fn, init_state, k_ub_zt)
    j, _tke, _thl, _rt, _dcape_prev, done, j_last, tke_exit, dCAPE_exit_prev, dCAPE_exit_j = final
    return j_last, done, j, tke_exit, dCAPE_exit_prev, dCAPE_exit_j
