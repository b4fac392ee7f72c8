# Source: https://github.com/bhoov/distributed_DAM/blob/861f62f8da76eb7df083a631b0d56890dc5c922f/initializations.py
# Title: initializations.py -- orthogonal Gaussian random features (used by the random-feature kernels)
# Cut: the __main__ plotting block and a commented-out variant cut.
from typing import *
import jax
import jax.numpy as jnp
import jax.random as jr


# JAX implementation with Gram-Schmidt normalization
def orthogonal_gaussian(key: jax.Array, m:int, d:int):
    def orthogonal_square(key: jax.Array):
        q, _ = jnp.linalg.qr(jr.normal(key, shape=(d,d)))
        return q.T

    num_squares = m // d
    *keys, rng = jr.split(key, num_squares + 1)
    blocks = [orthogonal_square(k) for k in keys]
    remainder = m - d * num_squares
    if remainder:
        key, rng = jr.split(rng)
        blocks.append(orthogonal_square(key)[:remainder])
    matrix = jnp.vstack(blocks)
    matrix /= jnp.sqrt(num_squares + remainder / d)
    # matrix = jnp.diag(jnp.sqrt(d) * jnp.ones(m)) @ matrix
    return matrix
