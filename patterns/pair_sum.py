"""A sum over the pairs ``a < b`` written with ``itertools.combinations`` vs one masked sum.

Shape: a pair potential ``E = sum_{a<b} exp(-|p_a - p_b|^2)`` over the rows of a
positions array, one term per pair in a Python loop over ``itertools.combinations``.

Why the gradient is slow: the loop unrolls n (n - 1) / 2 terms into the program, each
reading two rows; the backward pass scatters each term's cotangent back into a full-size
array twice. Trace and compile time grow with the square of n.

Rewrite: every pair at once by broadcasting (``p[:, None] - p[None, :]``), the strict upper
triangle kept by a mask (or indexed with ``jnp.triu_indices(n, 1)``). Measured on an H100 at
n = 32, 496 pairs (``gradadvisor bench patterns/pair_sum.py --device gpu --rounds 5``): the
gradient 2.3x faster per call, compile 43x faster (10.9 s against 0.25 s).
"""

import itertools

import jax
import jax.numpy as jnp

sizes = (16, 32, 48)
argnums = 0


def inputs(size=32):
    """size is n, the number of particles."""
    return (jax.random.normal(jax.random.PRNGKey(0), (size, 3)),)


def baseline(pos):
    e = 0.0
    for a, b in itertools.combinations(pos, 2):
        e += jnp.exp(-jnp.sum((a - b) ** 2))
    return e


def candidate(pos):
    d2 = jnp.sum((pos[:, None, :] - pos[None, :, :]) ** 2, axis=-1)
    upper = jnp.triu(jnp.ones_like(d2, dtype=bool), k=1)
    return jnp.sum(jnp.where(upper, jnp.exp(-d2), 0.0))
