"""Independent writes in a Python loop vs one vectorized scatter.

Shape: values computed per item and written one at a time to scattered
positions, ``out = out.at[idx[i]].set(v[i] * scale)``, no write reading what
another wrote. It is how NumPy code (``out[idx[i]] = v[i] * scale``)
translates to JAX, and how embedding or mesh updates get written.

Why the gradient is slow: the Python loop unrolls n steps into the program,
so trace and compile grow with n; every ``.at[...].set`` is a scatter into the
whole output whose transpose gathers from the whole cotangent, n times,
forward and backward.

Rewrite: one scatter, ``out.at[idx].set(v * scale)``. It is the same only
when the indices are distinct (with repeated indices the loop keeps the last
write and one scatter keeps an unspecified one; ``.add`` sums them either
way). The inputs here use a permutation, so the indices are distinct.
"""

import jax
import jax.numpy as jnp

sizes = (100, 200, 400)
argnums = (0, 1)


def inputs(size=200):
    """size is n, the number of writes, into an output of 2n slots."""
    kv, ki = jax.random.split(jax.random.PRNGKey(0))
    v = jax.random.normal(kv, (size,))
    scale = jnp.float32(1.5)
    idx = jax.random.permutation(ki, 2 * size)[:size]
    return v, scale, idx


def baseline(v, scale, idx):
    out = jnp.zeros(2 * v.shape[0])
    for i in range(v.shape[0]):
        out = out.at[idx[i]].set(v[i] * scale)
    return jnp.sum(jnp.sin(out))


def candidate(v, scale, idx):
    out = jnp.zeros(2 * v.shape[0]).at[idx].set(v * scale)
    return jnp.sum(jnp.sin(out))
