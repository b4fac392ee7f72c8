"""Touching a large array: transform the whole table, use one row.

Shape: an embedding table is scaled by a learned per-feature scale, then
one row is looked up: ``(table * scale)[index]``. Only one row matters, but
the product is written over the whole table.

Why the gradient is slow: under ``jax.jit`` the forward stays cheap, because
XLA fuses the multiply into the lookup and only evaluates the row it reads.
The backward pass cannot do that: the transpose of the lookup scatters the
cotangent into a zero array the size of the whole table, multiplies it by
the table, and reduces over all rows to get the gradient of ``scale``. The
forward barely grows with the table while the gradient grows about linearly
with it: run with ``--scaling`` and bench flags the gradient exponent
exceeding the forward's.
This is a Julia/Zygote user's complaint (the backward of ``c[1] * p`` growing with
``length(c)``), which JAX reproduces whenever a differentiated quantity
touches the large array before the lookup.

Rewrite: look up first, then transform the row you use:
``table[index] * scale``. Forward and backward are then independent of the
table's size.
"""

import jax
import jax.numpy as jnp

DIM = 64
sizes = (1000, 10000, 100000)
argnums = 0


def inputs(size=10000):
    """size is the number of rows of the table."""
    ks, kt = jax.random.split(jax.random.PRNGKey(0))
    scale = 1.0 + 0.1 * jax.random.normal(ks, (DIM,))
    table = jax.random.normal(kt, (size, DIM))
    index = jnp.asarray(size // 3)
    return scale, table, index


def baseline(scale, table, index):
    scaled = table * scale
    return jnp.sum(jnp.tanh(scaled[index]))


def candidate(scale, table, index):
    return jnp.sum(jnp.tanh(table[index] * scale))
