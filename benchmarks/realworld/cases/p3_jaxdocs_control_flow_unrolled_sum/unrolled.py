# Source: https://github.com/jax-ml/jax/blob/cec06d116c05f0d52adfceee3d3b730fdbcb0ce5/docs/control-flow.md
# Title: JAX docs "Control flow and logical operators with JIT" (docs/control-flow.md)
# Cut: kept the two jitted accumulation loops; the prose and the failing examples are dropped.
import jax.numpy as jnp
from jax import jit


@jit
def g(x):
  y = 0.
  for i in range(x.shape[0]):
    y = y + x[i]
  return y

print(g(jnp.array([1., 2., 3.])))


def f(x, n):
  y = 0.
  for i in range(n):
    y = y + x[i]
  return y

f = jit(f, static_argnames='n')

f(jnp.array([2., 3., 4.]), 2)
