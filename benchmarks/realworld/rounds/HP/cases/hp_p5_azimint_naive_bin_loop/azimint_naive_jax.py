# Source: https://github.com/spcl/npbench/blob/fea3c9cf50bbca3ce69d678928d938c69d0d3fbd/npbench/benchmarks/azimint_naive/azimint_naive_jax.py
# Title: npbench/benchmarks/azimint_naive/azimint_naive_jax.py ("add azimint_naive")
# Cut: whole file less its pyFAI citation header; bench_info/azimint_naive.json at this commit runs it with npt = 1000 bins and N = 4e5..4e7 pixels.

import jax
import jax.numpy as jnp
from functools import partial


@partial(jax.jit, static_argnums=(2,))  
def azimint_naive(data, radius, npt):
    rmax = radius.max()
    res = jnp.zeros(npt, dtype=jnp.float64)

    for i in range(npt):
        r1 = rmax * i / npt
        r2 = rmax * (i + 1) / npt
        mask_r12 = jnp.logical_and((r1 <= radius), (radius < r2))
        mean = jnp.where(mask_r12, data, 0).mean(where=mask_r12)
        res = res.at[i].set(mean)

    return res
