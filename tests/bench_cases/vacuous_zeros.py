"""All-zero inputs: value and gradient are zero, so a wrong rewrite (x**3 for x**2) matches."""

import jax.numpy as jnp


def inputs(size=4):
    return (jnp.zeros(size),)


def baseline(x):
    return sum(xi**2 for xi in x)


def candidate(x):
    return jnp.sum(x**3)
