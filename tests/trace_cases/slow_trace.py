"""A baseline whose tracing sleeps at sizes of 16 and more (to test --timeout)."""

import time

import jax.numpy as jnp


def inputs(size=8):
    return (jnp.ones(size),)


def baseline(x):
    if x.shape[0] >= 16:
        time.sleep(120)
    return jnp.sum(x**2)


def candidate(x):
    return jnp.sum(x * x)
