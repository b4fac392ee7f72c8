# Source: https://github.com/AmedeoBiolatti/numbax/blob/2d8a91b4672acd719fff90aee539543776142b84/examples/minimal_example.py
# Title: numbax examples/minimal_example.py (jax vs jax-jit vs numpy vs numba mini-benchmark)
# Cut: dropped the numbax numpize/numba conversions and their rows of the timing table;
#      kept fn (Python loop), fn_loop (fori_loop) and the jax / jax-jit timing loop.
import time

import jax
import numpy as np

N = 200


def fn(x):
    def step(carry, x):
        y = carry + x
        return carry, y

    stacked, x = jax.lax.scan(step, x, xs=jax.numpy.arange(N))

    for _ in range(N):
        x = jax.numpy.cos(x)
        x = jax.numpy.sin(x)

    x = x * 2 + 1
    return x


def fn_loop(x):
    def step(carry, x):
        y = carry + x
        return carry, y

    stacked, x = jax.lax.scan(step, x, xs=jax.numpy.arange(N))

    def step(_, x):
        x = jax.numpy.cos(x)
        x = jax.numpy.sin(x)
        return x

    x = jax.lax.fori_loop(0, N, step, x)

    x = x * 2 + 1
    return x


print("| | Compile + first run | 100 successive runs |")
print("|--|--|--|")
for (f_, f_name) in [
    (fn, 'jax'),
    (jax.jit(fn), 'jax-jit'),
    (fn_loop, 'jax:fori_loop'),
    (jax.jit(fn_loop), 'jax-jit:fori_loop'),
]:
    try:
        t0 = time.perf_counter()
        f_(np.float32(1.))
        t1 = time.perf_counter()
        for _ in range(100):
            out = f_(np.float32(1.))
            if isinstance(out, jax.Array):
                out.block_until_ready()
        t2 = time.perf_counter()

        print("| %20s  |  %.6f  |  %.6f |" % (f_name, t1 - t0, t2 - t1))
        time.sleep(0.1)
    except Exception as e:
        print(e)
