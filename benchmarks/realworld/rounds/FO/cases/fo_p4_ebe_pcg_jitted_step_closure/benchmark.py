# Source: https://github.com/Junrui-Zhang/JAXFEM/blob/dc0d08887c3b877c1ce1e97a94bbb4cc9e6aad48/scripts/benchmark.py
# Title: benchmark.py - timing benchmark of three solvers over element counts
# Cut: kept the loop over element counts and the JAX EBE-PCG call; dropped the NumPy solvers, error checks and result saving.
import sys, os, time
import numpy as np

from ansys.ansys_parser import build_native_model
from post import direct_solve, solve


def run_benchmark(n_elem_list, L=100.0):
    n_configs = len(n_elem_list)
    times = {"jax_ebe": np.zeros(n_configs)}
    n_iters = {"jax_ebe": np.zeros(n_configs, dtype=int)}

    for i, n_elem in enumerate(n_elem_list):
        model = build_native_model(L=L, n_elem=n_elem)
        n_dofs = model["n_dofs"]

        # ---- (3) JAX EBE-PCG ----
        u_jx, n_jx, info_jx = solve(model, solver="jax", verbose=False)
        times["jax_ebe"][i] = info_jx["time_ms"]
        n_iters["jax_ebe"][i] = n_jx

    return times, n_iters


if __name__ == "__main__":
    n_elem_list = np.array([50, 100, 200, 500, 1000, 2000])

    times, n_iters = run_benchmark(n_elem_list, L=100.0)
