"""A baseline that raises inside the user's own helper while it is traced."""

import jax.numpy as jnp


def inputs(size=4):
    return (jnp.ones(size),)


def check(x):
    raise ValueError("shapes do not line up")


def baseline(x):
    return jnp.sum(check(x))


def candidate(x):
    return jnp.sum(x**2)
