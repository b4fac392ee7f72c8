# Source: https://github.com/spenrich/Control-Oriented-Meta-Learning/blob/206145140b74cf4e4488e24ebb051f56078f0416/utils/ode.py
# Title: utils/ode.py (rk38_step only)
# Cut: only rk38_step, the single-step integrator the ensemble loss vmaps over; unchanged code.
from functools import partial

import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree

import numpy as np


@partial(jax.jit, static_argnums=(0,))
def rk38_step(func, h, x, t, *args):
    """Do a single step of the RK-38 integration scheme."""
    # RK38 Butcher tableau
    s = 4
    A = jnp.array([
        [0,    0, 0, 0],
        [1/3,  0, 0, 0],
        [-1/3, 1, 0, 0],
        [1,   -1, 1, 0],
    ])
    b = jnp.array([1/8, 3/8, 3/8, 1/8])
    c = jnp.array([0,   1/3, 2/3, 1])

    def scan_fun(carry, cut):
        i, ai, bi, ci = cut
        x, t, h, K, *args = carry
        ti = t + h*ci
        xi = x + h*(K.T @ ai)
        ki = func(xi, ti, *args)
        K = K.at[i].set(ki)
        carry = (x, t, h, K, *args)
        return carry, ki

    init_carry = (x, t, h, jnp.squeeze(jnp.zeros((s, x.size))), *args)
    carry, K = jax.lax.scan(scan_fun, init_carry, (jnp.arange(s), A, b, c))
    xf = x + h*(K.T @ b)
    return xf


