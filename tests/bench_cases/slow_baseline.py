"""A baseline whose tracing takes longer than the test's budget at size >= 40."""

import time

import jax.numpy as jnp

sizes = (10, 20, 40)


def inputs(size=10):
    return (jnp.linspace(0.0, 1.0, size),)


def baseline(x):
    if x.shape[0] >= 40:
        time.sleep(30)  # stands in for a compile that takes minutes
    return sum(xi**2 for xi in x)


def candidate(x):
    return jnp.sum(x**2)
