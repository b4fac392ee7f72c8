# Source: https://github.com/SeanEaster/jax_russell/blob/2e23612a077610bb9d482b91dcc195ad5d0a0d28/jax_russell/trees.py
# Title: jax_russell jax_russell/trees.py (calc_time_steps)
# Cut: kept calc_time_steps verbatim; the tree classes it constructs are imported.
from typing import Callable, Tuple

import jax
from jax import numpy as jnp


def calc_time_steps(
    change_tolerance: float,
    tree_class: Callable,
    tree_class_args: Tuple,
    tree_call_args: Tuple,
) -> int:
    """Calculate the number of time steps that finer grained trees are within `change_tolerance`."""
    time_steps = 1
    price_change = jnp.array(jnp.inf)
    tree = tree_class(time_steps, *tree_class_args)

    while jnp.abs(price_change) > change_tolerance:
        time_steps += 1
        price_change = jnp.abs(
            tree(*tree_call_args) - (tree := tree_class(time_steps, *tree_class_args))(*tree_call_args)
        )
    return time_steps
