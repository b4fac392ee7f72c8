# Source: https://github.com/spcl/npbench/blob/eed0974783f7321c1360cd46951e4b7fd5ecf2c7/npbench/benchmarks/azimint_naive/azimint_naive_jax.py
# Title: npbench/benchmarks/azimint_naive/azimint_naive_jax.py ("update azimint_naive")
# Cut: whole file less its pyFAI citation header: the bin loop after it was moved into lax.fori_loop.

import jax
import jax.numpy as jnp
from jax import lax
from functools import partial


@partial(jax.jit, static_argnums=(2,))  
def azimint_naive(data, radius, npt):
    rmax = radius.max()
    res = jnp.zeros(npt, dtype=jnp.float64)

    def loop_body(i, res):
        r1 = rmax * i / npt
        r2 = rmax * (i + 1) / npt
        mask_r12 = jnp.logical_and((r1 <= radius), (radius < r2))
        mean = jnp.where(mask_r12, data, 0).mean(where=mask_r12)
        res = res.at[i].set(mean)
        return res

    res = lax.fori_loop(0, npt, loop_body, res)

    return res
