# Source: https://github.com/adconnolly/CLUBB-JAX/blob/570484a620be36e4332e459058360b21df8e0f06/clubb_jax/src/CLUBB_core/mono_flux_limiter.py
# Title: CLUBB-JAX -- clubb_jax/src/CLUBB_core/mono_flux_limiter.py ("Monotonic turbulent flux limiter — port of mono_flux_limiter.F90")
# Cut: _mean_w_up_down body, the implicit xm re-solve and the top-level spike fix cut; calc_turb_adv_range and the
#      sequential w'x' clip loop kept.
"""Monotonic turbulent flux limiter — port of mono_flux_limiter.F90.

Limits w'x' and re-solves xm when the turbulent advection of xm would create new
extrema (a monotonic turbulent-advection scheme).
"""
from __future__ import annotations

import numpy as np
import jax.numpy as jnp

_EPS = np.finfo(np.float64).eps


def _mean_w_up_down(w_i, varnce_w_i, wm):
    """(cut) mean downward/upward vertical velocity of one PDF component; returns NumPy arrays."""
    wi = np.asarray(w_i)
    return np.minimum(wi, 0.0), np.maximum(wi, 0.0)


def calc_turb_adv_range(w_1_zm, w_2_zm, varnce_w_1_zm, varnce_w_2_zm,
                        mixt_frac_zm, gr, dt):
    """Range of zt levels reachable by turbulent advection in one timestep.

    Port of mono_flux_limiter.F90:calc_turb_adv_range (l_constant_thickness=.false.,
    ascending grid). Returns (low_lev_effect, high_lev_effect), each (ngrdcol, nzt)
    int (0-based zt indices).
    """
    ngrdcol, nzm = w_1_zm.shape
    nzt = nzm - 1
    gd = float(gr.grid_dir)
    dzm = np.asarray(gr.dzm, dtype=np.float64)
    wm = gd * dzm * (1.0 / dt)   # w_min(k) = grid_dir * dzm * invrs_dt
    mwd1, mwu1 = _mean_w_up_down(w_1_zm, varnce_w_1_zm, wm)
    mwd2, mwu2 = _mean_w_up_down(w_2_zm, varnce_w_2_zm, wm)
    mf = np.asarray(mixt_frac_zm, dtype=np.float64)
    vvd = mf * mwd1 + (1.0 - mf) * mwd2   # mean_w_down (zm)
    vvu = mf * mwu1 + (1.0 - mf) * mwu2   # mean_w_up   (zm)

    lle = np.zeros((ngrdcol, nzt), dtype=np.int64)
    hle = np.zeros((ngrdcol, nzt), dtype=np.int64)
    for i in range(ngrdcol):
        lle[i, 0] = 0;        hle[i, 0] = 0
        lle[i, nzt - 2] = nzt - 2;  hle[i, nzt - 2] = nzt - 1
        lle[i, nzt - 1] = nzt - 1;  hle[i, nzt - 1] = nzt - 1
        for k in range(1, nzt - 2):
            da = 0.0
            for j in range(k - 1, -1, -1):       # downward: low_lev_effect
                lle[i, k] = j
                ja = j + 1                        # zm index (ascending)
                vu = vvu[i, ja]
                if vu > 0.0:
                    da += gd * dzm[i, ja] / vu
                    if da >= dt:
                        break
                else:
                    lle[i, k] = min(j + 1, nzt - 1)
                    break
            da = 0.0
            for j in range(k + 1, nzt):          # upward: high_lev_effect
                hle[i, k] = j
                ja = j                            # zm index (ascending)
                vd = vvd[i, ja]
                if vd < 0.0:
                    da += -gd * dzm[i, ja] / vd
                    if da >= dt:
                        break
                else:
                    hle[i, k] = max(j - 1, 0)
                    break
    return lle, hle


def clip_wpxp(wpxp, wpxp_thresh_term, wpxp_mfl_max_term_zt, wpxp_mfl_min_term_zt,
              rho_ds_zm, invrs_rho_ds_zm, spikefix_rtm):
    """Sequential clip of wpxp over interior zm levels (from monotonic_turbulent_flux_limit)."""
    ngrdcol, nzm = wpxp.shape
    wpxp = wpxp.copy()
    # Sequential clip of wpxp over interior zm levels (k = 1 .. nzm-2; k_zt = k-1).
    wpxp_net_adjust = np.zeros((ngrdcol, nzm))
    l_xm_adjustment_needed = np.zeros(ngrdcol, dtype=bool)
    for i in range(ngrdcol):
        for k in range(1, nzm - 1):
            k_zt = k - 1
            if (spikefix_rtm
                    and abs(wpxp[i, k - 1]) > wpxp_thresh_term[i, k - 1]
                    and wpxp[i, k - 1] < 0.0):
                wpxp_mfl_max = 0.0
            else:
                wpxp_mfl_max = invrs_rho_ds_zm[i, k] * (
                    wpxp_mfl_max_term_zt[i, k_zt]
                    + rho_ds_zm[i, k - 1] * wpxp[i, k - 1])
            if wpxp[i, k] > wpxp_mfl_max:
                wpxp_net_adjust[i, k] = wpxp_mfl_max - wpxp[i, k]
                wpxp[i, k] = wpxp_mfl_max
                if abs(wpxp_net_adjust[i, k]) > _EPS:
                    l_xm_adjustment_needed[i] = True
            else:
                wpxp_mfl_min = invrs_rho_ds_zm[i, k] * (
                    wpxp_mfl_min_term_zt[i, k_zt]
                    + rho_ds_zm[i, k - 1] * wpxp[i, k - 1])
                if wpxp[i, k] < wpxp_mfl_min:
                    wpxp_net_adjust[i, k] = wpxp_mfl_min - wpxp[i, k]
                    wpxp[i, k] = wpxp_mfl_min
                    if abs(wpxp_net_adjust[i, k]) > _EPS:
                        l_xm_adjustment_needed[i] = True
    return wpxp, l_xm_adjustment_needed
