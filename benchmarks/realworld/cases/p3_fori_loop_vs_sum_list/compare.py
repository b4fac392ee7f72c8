# Source: https://github.com/jax-ml/jax/issues/27033
# Title: jax-ml/jax#27033 "fori_loop slower than sum(list)?"
# Cut: kept the three implementations; the timing loop is cut to one call each.
import time
from functools import partial
import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("size",))
def f_for_loop(x: float, size: int) -> jax.Array:
    out = x + jnp.zeros(size)
    for i in range(size):
        out = out + i * jnp.arange(size)
    return out


@partial(jax.jit, static_argnames=("size",))
def f_lax_fori(x, size):

    def body(ind, carry_on):
        return carry_on + ind * jnp.arange(size)

    return jax.lax.fori_loop(0, size, body, x + jnp.zeros(size))


@partial(jax.jit, static_argnames=("size",))
def f_comprehension(x, size):
    out = x + jnp.zeros(size)
    return out + sum([i * jnp.arange(size) for i in range(size)])


for x, size in [(1, 100), (1, 10_000)]:
    for func in [f_for_loop, f_lax_fori, f_comprehension]:
        t0 = time.time()
        func(x, size).block_until_ready()
        print(func.__name__, time.time() - t0)
