# Source: https://github.com/l90lpa/burgers-solvers/blob/c745dc36150acc533b5a8ed2e091d660113d2b8b/benchmarks-jax/bench_vjp.py
# Title: benchmarks-jax/bench_vjp.py (pyperf: repeated VJP of the advection model, eager vs jitted)
# Cut: kept the model, the ADM helper and the eager / jitted VJP benchmark loops; dropped the model-jit variant and the runner registration

from jax import config, vjp, jit
config.update("jax_enable_x64", True)
config.update('jax_platform_name', 'cpu')
import jax.numpy as jnp
import numpy as np
import pyperf
import time


def m(u):
    dx = 0.01
    dx2 = dx * 2
    u_new = (jnp.roll(u,-1) - jnp.roll(u, 1)) / dx2
    return u_new

def ADM(u, du):
    primal, adjoint_f = vjp(m, u)
    return adjoint_f((du))


N = 1000
rng = np.random.default_rng(12345)
z = jnp.array(rng.random((N,), dtype=np.float64))
Dz = jnp.array(rng.random((N,), dtype=np.float64))


def bench_vjp(loops, z, Dz):
    primals = z
    cotangents = Dz

    range_it = range(loops)
    start = time.perf_counter()

    for _ in range_it:
        primals, vjp_m = vjp(m, primals)
        cotangents = vjp_m((cotangents))[0]

    end = time.perf_counter()

    return end - start

def bench_vjp_w_jit(loops, z, Dz):
    primals = z
    cotangents = Dz

    def vjp_wrapper(f, primals, cotangents):
        primals, vjp_f = vjp(f, primals)
        cotangents = vjp_f((cotangents))[0]
        return primals, cotangents

    jit_vjp = jit(vjp_wrapper, static_argnames=['f'])
    vjp_m = jit_vjp.lower(m, primals, cotangents).compile()

    range_it = range(loops)
    start = time.perf_counter()

    for _ in range_it:
        primals, cotangents = vjp_m(primals, cotangents)

    end = time.perf_counter()

    return end - start
