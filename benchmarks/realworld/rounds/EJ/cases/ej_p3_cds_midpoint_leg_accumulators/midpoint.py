# Source: https://github.com/judejinjin/ql-jax/blob/3d2896f44c0bdf580a22b353493900f5c5d1c10d/ql_jax/engines/credit/midpoint.py
# Title: ql-jax ql_jax/engines/credit/midpoint.py (mid-point CDS pricing engine)
# Cut: kept midpoint_cds_npv, _protection_leg, _premium_leg and _risky_annuity; cds_fair_spread and
#      hazard_rate_from_spread omitted; docstrings shortened.
from __future__ import annotations

import jax.numpy as jnp


def midpoint_cds_npv(cds, discount_curve_fn, survival_curve_fn):
    """Compute CDS NPV using mid-point integration."""
    protection_leg = _protection_leg(cds, discount_curve_fn, survival_curve_fn)
    premium_leg = _premium_leg(cds, discount_curve_fn, survival_curve_fn)

    sign = 1.0 if cds.protection_side == 'buyer' else -1.0
    return sign * (protection_leg - premium_leg)


def _protection_leg(cds, discount_fn, survival_fn):
    """Protection = (1-R) * N * integral_0^T P(0,t) * dQ(t), at midpoints of premium periods."""
    N = cds.notional
    R = cds.recovery_rate
    lgd = (1.0 - R) * N

    dates = cds.payment_dates
    n = cds.n_periods

    total = 0.0
    t_prev = 0.0
    for i in range(n):
        t_curr = dates[i]
        t_mid = 0.5 * (t_prev + t_curr)

        P_mid = discount_fn(t_mid)
        Q_prev = survival_fn(t_prev)
        Q_curr = survival_fn(t_curr)
        default_prob = Q_prev - Q_curr  # probability of default in [t_prev, t_curr]

        total = total + lgd * P_mid * default_prob
        t_prev = t_curr

    return total


def _premium_leg(cds, discount_fn, survival_fn):
    return cds.notional * cds.spread * _risky_annuity(cds, discount_fn, survival_fn)


def _risky_annuity(cds, discount_fn, survival_fn):
    """Risky annuity (risky PV01): sum of tau_i * P(0,t_i) * Q(0,t_i), with accrual on default."""
    dates = cds.payment_dates
    n = cds.n_periods
    dt = cds.payment_frequency

    annuity = 0.0
    t_prev = 0.0
    for i in range(n):
        t_curr = dates[i]
        tau = dt

        P_curr = discount_fn(t_curr)
        Q_curr = survival_fn(t_curr)

        annuity = annuity + tau * P_curr * Q_curr

        Q_prev = survival_fn(t_prev)
        default_prob = Q_prev - Q_curr
        t_mid = 0.5 * (t_prev + t_curr)
        P_mid = discount_fn(t_mid)
        annuity = annuity + 0.5 * tau * P_mid * default_prob

        t_prev = t_curr

    return annuity
