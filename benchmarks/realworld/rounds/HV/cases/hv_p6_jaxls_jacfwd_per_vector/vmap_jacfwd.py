# Source: https://github.com/brentyi/jaxls/blob/9f0a8aecf1cf2e3879e50e4fe6e39a91702c5829/scripts/jax_experiments/vmap_jacfwd.py
# Title: jaxls (then jaxfg) scripts/jax_experiments/vmap_jacfwd.py: vmap(jacfwd) vs a loop of jacfwd calls, with and without jit
# Cut: dropped the trailing design notes (comments) after the last timing block.
import time

import jax
import jax.numpy as jnp
from jax import numpy as jnp

import jaxfg


def func(x):
    return jnp.sin(x + 10.0)


N = 100
iters = 100
jacfwd = jax.jacfwd(func)
jacfwd_vmap = jax.vmap(jax.jacfwd(func))

with jaxfg.utils.stopwatch("vmap"):
    for i in range(iters):
        jacobian = jax.jit(jacfwd_vmap)(jnp.zeros((N, 5))).block_until_ready()
        assert jacobian.shape == (N, 5, 5)

with jaxfg.utils.stopwatch("vmap no jit"):
    for i in range(iters):
        jacobian = jacfwd_vmap(jnp.zeros((N, 5))).block_until_ready()
        assert jacobian.shape == (N, 5, 5)

with jaxfg.utils.stopwatch("loop no vec"):
    for i in range(iters):
        jacobian = jnp.array(
            list(jax.jit(jacfwd)(vec) for vec in jnp.zeros((N, 5)))
        ).block_until_ready()
        assert jacobian.shape == (N, 5, 5)

with jaxfg.utils.stopwatch("loop no vec no jit"):
    for i in range(iters):
        jacobian = jnp.array(
            list(jacfwd(vec) for vec in jnp.zeros((N, 5)))
        ).block_until_ready()
        assert jacobian.shape == (N, 5, 5)

