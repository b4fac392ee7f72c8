# Source: https://github.com/f0uriest/orthax/blob/8eac7568644f40c1ae5bc8388b06675c2b3eb45b/orthax/legendre.py
# Title: orthax/legendre.py (legvander, legvander2d)
# Cut: legvander and legvander2d kept (legvander2d calls polyutils._vander_nd_flat, see polyutils.py); docstrings shortened.
import functools

import jax
import jax.numpy as jnp
from jax import jit

from . import polyutils as pu


@functools.partial(jit, static_argnames=("deg",))
def legvander(x, deg):
    """Pseudo-Vandermonde matrix of given degree. (docstring shortened)"""
    if deg < 0:
        raise ValueError("deg must be non-negative")

    x = jnp.array(x, ndmin=1)
    dims = (deg + 1,) + x.shape
    dtyp = jnp.promote_types(x.dtype, jnp.array(0.0).dtype)
    x = x.astype(dtyp)
    v = jnp.empty(dims, dtype=dtyp)
    v = v.at[0].set(jnp.ones_like(x))
    if deg > 0:
        v = v.at[1].set(x)

        def body(i, v):
            return v.at[i].set((v[i - 1] * x * (2 * i - 1) - v[i - 2] * (i - 1)) / i)

        v = jax.lax.fori_loop(2, deg + 1, body, v)

    return jnp.moveaxis(v, 0, -1)


@functools.partial(jit, static_argnames=("deg",))
def legvander2d(x, y, deg):
    """Pseudo-Vandermonde matrix of given degrees. (docstring shortened)"""
    return pu._vander_nd_flat((legvander, legvander), (x, y), deg)
