"""A candidate whose value and gradient are NaN (log of a negative number)."""

import jax.numpy as jnp


def inputs(size=3):
    return (jnp.linspace(1.0, 2.0, size),)


def baseline(x):
    return jnp.sum(jnp.log(x))


def candidate(x):
    return jnp.sum(jnp.log(-x))
