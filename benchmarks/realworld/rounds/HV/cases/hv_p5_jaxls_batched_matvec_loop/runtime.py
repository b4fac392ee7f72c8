# Source: https://github.com/brentyi/jaxls/blob/40f4a548713ce6689a3db1d25235c615ecfef2bc/scripts/jax_experiments/runtime.py
# Title: jaxls (then jaxfg) scripts/jax_experiments/runtime.py: vectorized vs loop vs scan, dynamic vs jit timings
# Cut: dropped the commented-out second experiment at the end of the file.
import time

import jax
import jax.numpy as jnp

# import numpy as jnp
from jax import jit

# jit = lambda x: x


N = 1000
m = 40
n = 40


def x_vectorized():
    A = jnp.ones((N, m, n))
    x = jnp.ones((n, 1))
    return A @ x


def x_loop():
    A = jnp.ones((N, m, n))
    x = jnp.ones((n, 1))

    b = jnp.zeros((N, m, 1))
    for i, Ai in enumerate(A):
        b.at[i].set(Ai @ x)
    return b


def x_scan():
    A = jnp.ones((N, m, n))
    x = jnp.ones((n, 1))

    def f(carry, x):
        y = A[carry] @ x
        return carry + 1, y

    return jax.lax.scan(f=f, init=0, xs=A)[1]


def benchmark(**kwargs):
    for name, func in kwargs.items():
        print()
        print()
        print(name)
        print("=======")

        start_time = time.time()
        func().block_until_ready()
        print("Dynamic runtime: ", time.time() - start_time)

        start_time = time.time()
        func = jit(func)
        func().block_until_ready()
        print("JIT compile time: ", time.time() - start_time)

        start_time = time.time()
        func().block_until_ready()
        print("JIT runtime: ", time.time() - start_time)


jnp.zeros(5)
benchmark(
    x_vectorized=x_vectorized,
    x_loop=x_loop,
    x_scan=x_scan,
)

