"""A table closed over by the traced function vs passed in as an argument.

``baseline`` reads the module-level ``TABLE`` (8 MiB): jit embeds it in the
program as a constant. ``candidate`` receives it from ``inputs``.
"""

import jax
import jax.numpy as jnp

TABLE = jnp.linspace(0.0, 1.0, 2048 * 1024).reshape(2048, 1024)  # 8 MiB of float32
sizes = (8, 16)


def inputs(size=16):
    return jax.random.normal(jax.random.PRNGKey(0), (size, 2048)), TABLE


def baseline(x, table):
    return jnp.sum(jnp.tanh(x @ TABLE))  # marker: captured table


def candidate(x, table):
    return jnp.sum(jnp.tanh(x @ table))
