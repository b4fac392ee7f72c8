# Source: https://github.com/ACea15/VALAX/blob/3aca153b687247095c11d8d4653ca7897216b756/valax/risk/backtesting.py
# Title: VALAX valax/risk/backtesting.py (VaR backtesting: Kupiec POF and Basel traffic light)
# Cut: kept var_breaches (reconstructed one-liner), kupiec_pof (shortened) and basel_traffic_light;
#      Christoffersen and PLA tests omitted; docstrings shortened.
from __future__ import annotations

import jax
import jax.numpy as jnp


def var_breaches(pnl, var):
    return pnl < -var


def kupiec_pof(breaches, confidence: float = 0.99):
    n = breaches.shape[0]
    x = jnp.sum(breaches.astype(jnp.float64))
    n_f = jnp.float64(n)
    p = 1.0 - confidence
    p_hat = x / n_f
    eps = 1e-12
    p_hat_safe = jnp.clip(p_hat, eps, 1.0 - eps)
    ll_null = (n_f - x) * jnp.log(1.0 - p) + x * jnp.log(p)
    ll_alt = (n_f - x) * jnp.log(1.0 - p_hat_safe) + x * jnp.log(p_hat_safe)
    lr_uc = -2.0 * (ll_null - ll_alt)
    return {"n": n_f, "x": x, "lr_uc": lr_uc}


def basel_traffic_light(n_breaches: int, n_obs: int = 250, confidence: float = 0.99) -> str:
    """Basel traffic-light zone for a VaR backtest: "green", "yellow" or "red"."""
    p = 1.0 - confidence
    # Standard regulatory thresholds for the canonical (250, 99%) case.
    if n_obs == 250 and abs(confidence - 0.99) < 1e-9:
        green_max, yellow_max = 4, 9
    else:
        # Recompute thresholds via the binomial survival function.
        # We use a python-level loop here because (n_obs, confidence)
        # are static inputs and the call is cheap.
        from math import comb
        cum = 0.0
        green_max = 0
        yellow_max = 0
        for x in range(n_obs + 1):
            cum += comb(n_obs, x) * (p ** x) * ((1.0 - p) ** (n_obs - x))
            if cum < 0.95:
                green_max = x
            if cum < 0.9999:
                yellow_max = x

    if n_breaches <= green_max:
        return "green"
    if n_breaches <= yellow_max:
        return "yellow"
    return "red"
