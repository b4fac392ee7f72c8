# Source: https://github.com/jax-ml/jax/issues/8192
# Title: jax-ml/jax#8192 "vmapping O(n) algorithm produces O(n^2) runtime"
# Cut: kept the author's script; the printed timings are dropped.
import jax
import jax.lax as lax
import jax.numpy as jnp
import time


def f(init_val):
    def _scan_fn(val, _):
        x, step = val
        new_x = lax.cond(step < x.size, lambda _x: _x.at[step].set(1), lambda _x: _x, x)
        return (new_x, step + 1), None
    return lax.scan(_scan_fn, init_val, xs=None, length=init_val[0].size)[0]


def timed(size):
    x = (jnp.zeros(size), jnp.array(0))
    vmap_x = (jnp.zeros([2, size]), jnp.array([0, 0]))
    _f = jax.jit(f)
    _vmap_f = jax.jit(jax.vmap(f))
    _f(x)
    _vmap_f(vmap_x)
    start = time.time()
    _f(x)
    mid = time.time()
    _vmap_f(vmap_x)
    end = time.time()
    print(f"Size: {size} No vmap: {mid - start} With vmap: {end - mid}")


timed(10000)
timed(30000)
