# Source: https://github.com/f0uriest/orthax/blob/8eac7568644f40c1ae5bc8388b06675c2b3eb45b/orthax/legendre.py
# Title: orthax/legendre.py (legder)
# Cut: module imports and legder kept; the long numpy-style docstring shortened.
import functools

import jax
import jax.numpy as jnp
from jax import jit

from . import polyutils as pu


@functools.partial(jit, static_argnames=("m", "axis"))
def legder(c, m=1, scl=1, axis=0):
    """Differentiate a Legendre series. (docstring shortened)"""
    if m < 0:
        raise ValueError("The order of derivation must be non-negative")

    c = pu.as_series(c)

    if m == 0:
        return c

    c = jnp.moveaxis(c, axis, 0)
    n = len(c)
    if m >= n:
        c = jnp.zeros_like(c[:1])
    else:
        # TODO: figure out how to get rid of this python loop
        for i in range(m):
            n = n - 1
            c *= scl
            der = jnp.empty((n,) + c.shape[1:], dtype=c.dtype)

            # TODO: can this be vectorized?
            def body(k, der_c):
                j = n - k
                der, c = der_c
                der = der.at[j - 1].set((2 * j - 1) * c[j])
                c = c.at[j - 2].add(c[j])
                return der, c

            der, c = jax.lax.fori_loop(0, n - 2, body, (der, c))
            if n > 1:
                der = der.at[1].set(3 * c[2])
            der = der.at[0].set(c[1])
            c = der

    c = jnp.moveaxis(c, 0, axis)
    return c
