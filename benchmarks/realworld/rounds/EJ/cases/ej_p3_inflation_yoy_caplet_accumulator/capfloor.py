# Source: https://github.com/judejinjin/ql-jax/blob/3d2896f44c0bdf580a22b353493900f5c5d1c10d/ql_jax/engines/inflation/capfloor.py
# Title: ql-jax ql_jax/engines/inflation/capfloor.py (YoY inflation cap/floor pricing)
# Cut: kept InflationCapFloor and black_yoy_capfloor_price; the zero-coupon inflation swap and
#      docstrings omitted. A grad call from tests/integration/test_ad_greeks.py
#      (test_inflation_cap_sensitivity) is appended.
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax.scipy.stats import norm


@dataclass(frozen=True)
class InflationCapFloor:
    cap_or_floor: str
    strike: float
    notional: float
    payment_dates: jnp.ndarray
    base_cpi: float = 100.0

    @property
    def is_cap(self):
        return self.cap_or_floor == 'cap'

    @property
    def n_periods(self):
        return self.payment_dates.shape[0]


def black_yoy_capfloor_price(capfloor, discount_fn, forward_yoy_rates, volatilities):
    """Price a YoY inflation cap/floor using Black's formula."""
    K = capfloor.strike
    N = capfloor.notional
    omega = 1.0 if capfloor.is_cap else -1.0
    n = capfloor.n_periods

    total = 0.0
    for i in range(n):
        T = float(capfloor.payment_dates[i])
        F = forward_yoy_rates[i]
        sigma = volatilities[i]
        df = discount_fn(T)

        safe_T = jnp.maximum(T, 1e-10)
        sqrt_T = jnp.sqrt(safe_T)
        d1 = (jnp.log(F / K) + 0.5 * sigma**2 * safe_T) / (sigma * sqrt_T)
        d2 = d1 - sigma * sqrt_T

        caplet = df * N * omega * (F * norm.cdf(omega * d1) - K * norm.cdf(omega * d2))
        caplet = jnp.where(T < 1e-8, df * N * jnp.maximum(omega * (F - K), 0.0), caplet)
        total = total + caplet

    return total


def inflation_cap_delta(dates, fwd):
    cap = InflationCapFloor('cap', 0.02, 1e6, dates)
    vols = jnp.full(dates.shape, 0.01)
    f = lambda fwd: black_yoy_capfloor_price(
        cap, lambda t: jnp.exp(-0.03 * t), jnp.ones(dates.shape[0]) * fwd, vols
    )
    return jax.grad(f)(fwd)
