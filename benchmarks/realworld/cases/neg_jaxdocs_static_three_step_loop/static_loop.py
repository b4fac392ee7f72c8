# Source: https://github.com/jax-ml/jax/blob/cec06d116c05f0d52adfceee3d3b730fdbcb0ce5/docs/control-flow.md
# Title: JAX docs "Control flow and logical operators with JIT" (docs/control-flow.md)
# Cut: kept the first jitted example only.
from jax import jit


@jit
def f(x):
  for i in range(3):
    x = 2 * x
  return x

print(f(3))
