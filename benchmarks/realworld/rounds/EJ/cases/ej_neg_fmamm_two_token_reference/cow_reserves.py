# Source: https://github.com/QuantAMMProtocol/quantammsim/blob/3a111c3a927449e132a4328a5a18d8de2301736f/quantammsim/pools/FM_AMM/cow_reserves.py
# Title: quantammsim quantammsim/pools/FM_AMM/cow_reserves.py (FM-AMM / CoW AMM reserve alignment)
# Cut: kept the plain-Python reference align_FMAMM / align_position and the jitted
#      align_FMAMM_jax; the one-arb and scan-based reserve functions and docstrings omitted.
from typing import Callable, List

import jax.numpy as jnp
from jax import jit


def align_FMAMM(reserves: List[float], price: float) -> List[float]:
    align_reserves = [
        0.5 * reserves[0] + 0.5 * reserves[1] / price,
        0.5 * reserves[0] * price + 0.5 * reserves[1],
    ]
    return align_reserves


def align_position(reserves: List[float], price: float, align_function: Callable,
                   amm_fee: float = 0.0, ext_fee: float = 0.0, ext_thresh: float = 0.0):
    if isinstance(price, tuple):
        bid_price = price[0]
        ask_price = price[1]
    else:
        bid_price = ask_price = price

    current_price = reserves[1] / reserves[0]

    if bid_price * (1 - amm_fee) * (1 - ext_fee) <= current_price and current_price <= ask_price / (1 - amm_fee) / (1 - ext_fee):
        return reserves

    if current_price < bid_price * (1 - amm_fee) * (1 - ext_fee):
        align_price = bid_price * (1 - amm_fee) * (1 - ext_fee)

    if ask_price / (1 - amm_fee) / (1 - ext_fee) < current_price:
        align_price = ask_price / (1 - amm_fee) / (1 - ext_fee)

    if align_price == 0.0:
        return reserves

    align_reserves = align_function(reserves, align_price)

    # Add trading fees paid to reserves
    for i in [0, 1]:
        align_reserves[i] += (
            max(0.0, align_reserves[i] - reserves[i]) * amm_fee / (1 - amm_fee)
        )

    return align_reserves


@jit
def align_FMAMM_jax(reserves, price):
    """Assumes weights of 0.5 for both tokens."""
    align_reserves = jnp.array(
        [
            0.5 * reserves[0] + 0.5 * reserves[1] / price,
            0.5 * reserves[0] * price + 0.5 * reserves[1],
        ]
    )
    return align_reserves
