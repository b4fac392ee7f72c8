# Source: https://github.com/brentyi/jaxls/blob/9f0a8aecf1cf2e3879e50e4fe6e39a91702c5829/scripts/jax_experiments/create_rotation_matrix.py
# Title: jaxls (then jaxfg) scripts/jax_experiments/create_rotation_matrix.py: timing four ways to build a 2x2 rotation, jit vs no jit
# Cut: none (whole file).
import time

import jax
import jax.numpy as jnp
import numpy as onp

import jaxfg

iters = 100

for jit_label, jit in {
    "jit build: ": lambda x: jax.jit(x, static_argnums=(0,)),
    "jit: ": jax.jit,
    "": lambda x: x,
}.items():
    with jaxfg.utils.stopwatch(f"{jit_label}jnp.array multi-trig"):

        @jit
        def create_R(theta):
            R = jnp.array(
                [[jnp.cos(theta), jnp.sin(theta)], [-jnp.sin(theta), jnp.cos(theta)]]
            )
            return R

        for i in range(iters):
            create_R(i).block_until_ready()

    with jaxfg.utils.stopwatch(f"{jit_label}jnp.array re-use cos and sin"):

        @jit
        def create_R(theta):
            cos = jnp.cos(theta)
            sin = jnp.sin(theta)
            R = jnp.array([[cos, sin], [-sin, cos]])
            return R

        for i in range(iters):
            create_R(i).block_until_ready()

    with jaxfg.utils.stopwatch(f"{jit_label}expm"):

        @jit
        def create_R(theta):
            so2 = jnp.array(
                [
                    [0, theta],
                    [-theta, 0],
                ]
            )
            R = jax.scipy.linalg.expm(so2)
            return R

        for i in range(iters):
            create_R(float(i)).block_until_ready()

    with jaxfg.utils.stopwatch(f"{jit_label}zeros and fill"):

        @jit
        def create_R(theta):
            cos = jnp.cos(theta)
            sin = jnp.sin(theta)
            R = jnp.zeros((2, 2))
            R.at[0, 0].set(cos)
            R.at[0, 1].set(sin)
            R.at[1, 1].set(cos)
            R.at[1, 0].set(-sin)
            return R

        for i in range(iters):
            create_R(i).block_until_ready()
