# Source: https://github.com/QuantEcon/lecture-python-programming/pull/442
# Title: QuantEcon/lecture-python-programming#442 "FIX: jax_intro timeout: use lax.fori_loop instead of Python for loop"
# Cut: the loop is quoted from the PR; the function signature and the lecture's parameter values are
#      abbreviated; the fori_loop rewrite is dropped.
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("n", "M"))
def compute_call_price_jax(β, μ, S0, h0, K, n, ρ, ν, M, key=jax.random.PRNGKey(1)):
    s = jnp.full(M, np.log(S0))
    h = jnp.full(M, h0)
    for t in range(n):
        key, subkey = jax.random.split(key)
        Z = jax.random.normal(subkey, (2, M))
        s = s + μ + jnp.exp(h) * Z[0, :]
        h = ρ * h + ν * Z[1, :]
    expectation = jnp.mean(jnp.maximum(jnp.exp(s) - K, 0))
    return β**n * expectation
