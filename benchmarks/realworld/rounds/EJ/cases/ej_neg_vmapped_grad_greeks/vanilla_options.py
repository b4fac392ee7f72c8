# Source: https://github.com/paolodelia99/jaxfin/blob/59847581e3f0d3773c4866681f1cbd76627960f8/jaxfin/price_engine/black_scholes/vanilla_options.py
# Title: jaxfin jaxfin/price_engine/black_scholes/vanilla_options.py
# Cut: kept bs_price, delta_vanilla and gamma_vanilla; theta/vega/rho (same shape) and docstrings
#      omitted; compute_discounted_call_prices / cast_arrays imported.
from typing import Optional, Union

import jax
import jax.numpy as jnp
from jax import grad, jit

from jaxfin.price_engine.math.bs_common import compute_discounted_call_prices
from jaxfin.price_engine.utils.arrays import cast_arrays


def bs_price(spots, strikes, expires, vols, discount_rates, are_calls=None, dtype=None):
    [spots, strikes, expires, vols] = cast_arrays([spots, strikes, expires, vols], dtype)
    discount_factors = jnp.exp(-discount_rates * expires)
    calls = compute_discounted_call_prices(spots, strikes, expires, vols, discount_rates)
    if are_calls is None:
        return calls
    puts = calls + (strikes * discount_factors) - spots
    return jnp.where(are_calls, calls, puts)


@jit
def delta_vanilla(spots, strikes, expires, vols, discount_rates, are_calls=None, dtype=None):
    """Calculate the delta of a call/put option under the BS model (scalar version)"""
    return grad(bs_price, argnums=0)(spots, strikes, expires, vols, discount_rates, are_calls, dtype)


@jit
def gamma_vanilla(spots, strikes, expires, vols, discount_rates, are_calls=None, dtype=None):
    return grad(grad(bs_price, argnums=0), argnums=0)(
        spots, strikes, expires, vols, discount_rates, are_calls, dtype
    )
