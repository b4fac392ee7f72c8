"""A traced function whose loop lives in a helper module (``helpers.py``)."""

import jax
import jax.numpy as jnp
from helpers import pair_energy


def make_inputs(size=16):
    return (jax.random.uniform(jax.random.PRNGKey(1), (size,)),)


def loss(x):
    return pair_energy(x) ** 2  # marker: calls the helper


def loss_vectorized(x):
    return jnp.sum(jnp.exp(-3.0 * (x + 1.0))) ** 2
