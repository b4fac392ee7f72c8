# Source: https://github.com/eth-sri/bayes-framework-leakage/blob/172d29eb4c47984cf2008969ba2e9e9d36857439/bayes_optimal_attack/framework_tests/test_jax.py
# Title: bayes-framework-leakage framework_tests/test_jax.py (jit vs no-jit timing of an elementwise function)
# Cut: none (whole file).
import jax.numpy as jnp
from jax import jit

def slow_f(x):
  # Element-wise ops see a large benefit from fusion
  return x * x + x * 2.0

x = jnp.ones((5000, 5000))
fast_f = jit(slow_f)
print("Done")
#%timeit -n10 -r3 fast_f(x)  # ~ 4.5 ms / loop on Titan X
#%timeit -n10 -r3 slow_f(x)  # ~ 14.5 ms / loop (also on GPU via JAX)
