# Source: https://github.com/SatvikPraveen/JAX-NSL/blob/82c4e21cb2bf6c77372accb4b438f37e13b9dbaf/notebooks/01_fundamentals/04_control_flow_scan.ipynb
# Title: 04_control_flow_scan.ipynb (control flow and lax.scan)
# Cut: cells 1 and 21 converted to a module; the timing prints are kept, plots dropped.
import time

import jax
import jax.numpy as jnp
from jax import grad, jit, vmap, lax
from jax import random

jax.config.update("jax_enable_x64", True)


def python_loop_cumsum(arr):
    """Cumulative sum using Python loop (not JIT-able)"""
    result = []
    cumsum = 0.0
    for x in arr:
        cumsum += x
        result.append(cumsum)
    return jnp.array(result)


def scan_cumsum(arr):
    """Cumulative sum using scan (JIT-able)"""
    def scan_fun(carry, x):
        carry = carry + x
        return carry, carry

    _, outputs = lax.scan(scan_fun, 0.0, arr)
    return outputs


# JIT compile the scan version
scan_cumsum_jit = jit(scan_cumsum)

# Generate test data
key = random.PRNGKey(42)
large_array = random.normal(key, (10000,))

# Warmup JIT compilation
_ = scan_cumsum_jit(large_array[:10])

# Benchmark
n_trials = 100

# Python loop version (can't JIT this)
start = time.time()
for _ in range(n_trials):
    result_loop = python_loop_cumsum(large_array[:1000])  # Smaller for fairness
end = time.time()
time_loop = end - start

# Scan version with JIT
start = time.time()
for _ in range(n_trials):
    result_scan = scan_cumsum_jit(large_array)
end = time.time()
time_scan = end - start

print(f"Python loop time: {time_loop:.4f}s")
print(f"Scan + JIT time: {time_scan:.4f}s")
print(f"Speedup: {time_loop / time_scan:.1f}x")
