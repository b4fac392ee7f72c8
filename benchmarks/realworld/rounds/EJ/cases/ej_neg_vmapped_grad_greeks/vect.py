# Source: https://github.com/paolodelia99/jaxfin/blob/59847581e3f0d3773c4866681f1cbd76627960f8/jaxfin/price_engine/utils/vect.py
# Title: jaxfin jaxfin/price_engine/utils/vect.py (vectorization helpers for the price engine)
# Cut: verbatim minus docstrings; a short usage function reconstructed from the test-suite idiom
#      (a book of options priced and differentiated in one vmapped, jitted call).
from typing import Optional, Tuple, Union

import jax
import jax.numpy as jnp
from jax import jit, vmap

from vanilla_options import delta_vanilla


def get_vfunction(fun, spots, strikes, expires, vols, discount_rates,
                  dividends_rates=None, are_calls=None, dtype=None):
    return jit(
        vmap(
            fun,
            in_axes=_get_vmap_mask(
                spots, strikes, expires, vols, discount_rates, dividends_rates, are_calls, dtype,
            ),
        )
    )


def _get_vmap_mask(spots, strikes, expires, vols, discount_rates,
                   dividend_rates=None, are_calls=None, dtype=None) -> Tuple[Union[None, int], ...]:
    mask = tuple(
        map(
            lambda x: None if jnp.isscalar(x) else 0,
            [spots, strikes, expires, vols, discount_rates],
        )
    )
    if dividend_rates is not None:
        mask += (0,)
    if are_calls is not None:
        mask += (0,)
        if dtype is not None:
            mask += (None,)
    return mask


def book_deltas(spots, strikes, expires, vols, rates):
    v_delta = get_vfunction(delta_vanilla, spots, strikes, expires, vols, rates)
    return v_delta(spots, strikes, expires, vols, rates)
