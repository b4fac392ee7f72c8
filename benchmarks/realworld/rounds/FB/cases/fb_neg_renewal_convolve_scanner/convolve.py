# Source: https://github.com/CDCgov/PyRenew/blob/a1d5d870c8db26a81259f385c7d779fd86d457fb/pyrenew/convolve.py
# Title: pyrenew/convolve.py (factory functions for calculating convolutions of timeseries with discrete distributions using jax.lax.scan)
# Cut: kept new_convolve_scanner; docstring shortened; the double scanner and the delay helpers dropped.
"""
Factory functions for calculating convolutions of timeseries
with discrete distributions of times-to-event using jax.lax.scan.
"""

from __future__ import annotations

from collections.abc import Callable

import jax.numpy as jnp
from jax.typing import ArrayLike


def new_convolve_scanner(
    array_to_convolve: ArrayLike,
    transform: Callable,
) -> Callable:
    r"""
    Factory function to create a "scanner" function that can be used with
    jax.lax.scan or numpyro.contrib.control_flow.scan to construct an
    array via backward-looking iterative convolution.
    """

    def _new_scanner(
        history_subset: ArrayLike, multiplier: float
    ) -> tuple[ArrayLike, float]:  # numpydoc ignore=GL08
        new_val = transform(
            multiplier * jnp.einsum("i...,i...->...", array_to_convolve, history_subset)
        )
        latest = jnp.concatenate([history_subset[1:], new_val[jnp.newaxis]], axis=0)
        return latest, new_val

    return _new_scanner
