"""A candidate equal to the baseline, value and gradient, at the first draw only."""

import jax
import jax.numpy as jnp


def inputs(size=4, seed=0):
    return (jax.random.uniform(jax.random.PRNGKey(seed), (size,)),)


_FIRST = inputs()[0]


def baseline(x):
    return sum(xi**2 for xi in x)


def candidate(x):
    return jnp.sum(x**2) + jnp.sum((x - _FIRST) ** 2)  # the extra term and its gradient vanish at _FIRST
