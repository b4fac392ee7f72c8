# Source: https://github.com/NobuhiroMoteki/NdimSpline_JAX/blob/9676e494e9f488018f9e0569456b7d5761722a52/benchmark.py
# Title: NdimSpline_JAX, benchmark.py ("Benchmark script: old vs new API (time + memory)")
# Cut: only make_data and bench_old kept plus the 5-D grid from the __main__ block; the legacy
#      coefficient builder is imported as in the original (it is NumPy/SciPy, host side).
import numpy as np
import time
import tracemalloc

import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
from jax import jit, grad, value_and_grad

from SplineCoefs_from_GriddedData import SplineCoefs_from_GriddedData
from SplineInterpolant import SplineInterpolant


def make_data(a, b, n):
    N = len(a)
    grids = [np.linspace(a[j], b[j], n[j] + 1) for j in range(N)]
    mesh = np.meshgrid(*grids, indexing="ij")
    y_data = np.ones_like(mesh[0])
    for j in range(N):
        y_data *= np.sin(mesh[j])
    return y_data


def bench_old(a, b, n, y_data, x, n_iter=1000):
    tracemalloc.start()
    t0 = time.perf_counter()
    spline_coef = SplineCoefs_from_GriddedData(a, b, y_data)
    c_old = spline_coef.Compute_Coefs()
    t_coef = time.perf_counter() - t0
    _, peak_coef = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    spline = SplineInterpolant(a, b, n, c_old)
    s_jit = jit(spline.s5D)
    ds_jit = jit(grad(spline.s5D))
    vg_jit = jit(value_and_grad(spline.s5D))

    # Warm-up
    s_jit(x).block_until_ready()
    ds_jit(x).block_until_ready()
    vg_jit(x)[0].block_until_ready()

    # Eval
    tracemalloc.start()
    t0 = time.perf_counter()
    for _ in range(n_iter):
        s_jit(x).block_until_ready()
    t_eval = (time.perf_counter() - t0) / n_iter
    _, peak_eval = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    # Grad
    tracemalloc.start()
    t0 = time.perf_counter()
    for _ in range(n_iter):
        ds_jit(x).block_until_ready()
    t_grad = (time.perf_counter() - t0) / n_iter
    _, peak_grad = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    # Value+Grad
    tracemalloc.start()
    t0 = time.perf_counter()
    for _ in range(n_iter):
        v, g = vg_jit(x)
        v.block_until_ready()
    t_vg = (time.perf_counter() - t0) / n_iter
    _, peak_vg = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    return {
        "coef_time": t_coef, "coef_mem": peak_coef,
        "eval_time": t_eval, "eval_mem": peak_eval,
        "grad_time": t_grad, "grad_mem": peak_grad,
        "vg_time": t_vg, "vg_mem": peak_vg,
    }


if __name__ == "__main__":
    a = [0, 0, 0, 0, 0]
    b = [1, 2, 3, 4, 5]
    n = [10, 10, 10, 10, 10]
    y_data = make_data(a, b, n)
    x = jnp.array([0.7, 1.0, 1.5, 2.0, 2.5])
    bench_old(a, b, n, y_data, x)
