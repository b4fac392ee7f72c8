# Source: https://github.com/BasBuller/neurlang/blob/92242d5da43420210ae94cf710a6f3811451a99c/benchmark.py
# Title: neurlang benchmark.py: numpy vs torch (eager / torch.compile) vs jax (eager / jax.jit) elementwise timings
# Cut: dropped the numpy add/permute/pad and torch permute benchmarks and their timing lines.
import timeit

import numpy as np
import jax
import torch


SHAPE = (5000, 5000)


def numpy_function():
    values = np.random.randn(*SHAPE)
    def time_func():
        res = values * values + values * 2
        return res
    return time_func


def torch_function(compile):
    values = torch.randn(*SHAPE)
    def time_func():
        res = values * values + values * 2
        return res
    if compile:
        time_func = torch.compile(time_func)
        time_func()
    return time_func


def jax_function(compile):
    values = jax.random.normal(jax.random.PRNGKey(0), SHAPE)
    def time_func():
        res = values * values + values * 2
        return res
    if compile:
        time_func = jax.jit(time_func)
        time_func()
    return time_func


def time_results(prefix, func):
    print(f"{prefix}: {timeit.timeit(func, number=N_ITER) / N_ITER * 100000:.1f} micro seconds")


if __name__ == "__main__":
    N_ITER = 50

    time_results("Numpy", numpy_function())
    time_results("Torch slow", torch_function(False))
    time_results("Torch fast", torch_function(True))
    time_results("Jax slow", jax_function(False))
    time_results("Jax fast", jax_function(True))
