# Source: https://github.com/f0uriest/orthax/blob/8eac7568644f40c1ae5bc8388b06675c2b3eb45b/orthax/legendre.py
# Title: orthax/legendre.py (legval)
# Cut: module imports and legval kept; docstring shortened. The Clenshaw recursion over
#      the series degree runs in jax.lax.fori_loop inside the jitted function.
import functools

import jax
import jax.numpy as jnp
from jax import jit

from . import polyutils as pu


@functools.partial(jit, static_argnames=("tensor",))
def legval(x, c, tensor=True):
    """Evaluate a Legendre series at points x (Clenshaw recursion). (docstring shortened)"""
    c = pu.as_series(c)
    x = jnp.asarray(x)
    if tensor:
        c = c.reshape(c.shape + (1,) * x.ndim)

    if len(c) == 1:
        c0 = c[0]
        c1 = 0
    elif len(c) == 2:
        c0 = c[0]
        c1 = c[1]
    else:
        nd = len(c)
        c0 = c[-2] * jnp.ones_like(x)
        c1 = c[-1] * jnp.ones_like(x)

        def body(i, val):
            c0, c1, nd = val
            tmp = c0
            nd = nd - 1
            c0 = c[-i] - (c1 * (nd - 1)) / nd
            c1 = tmp + (c1 * x * (2 * nd - 1)) / nd
            return c0, c1, nd

        c0, c1, _ = jax.lax.fori_loop(3, len(c) + 1, body, (c0, c1, nd))

    return c0 + c1 * x
