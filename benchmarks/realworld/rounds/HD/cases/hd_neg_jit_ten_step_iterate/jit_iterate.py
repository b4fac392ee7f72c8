# Source: https://github.com/Leila828/Learning_JAX_for_deepLearning/blob/a4a8baec2dd63eb3aecc8a7aacfdd623751d2266/JAX.ipynb
# Title: JAX.ipynb (first JAX notebook: grad, jit, vmap)
# Cut: cells 13-14 converted to a module; the two %timeit magics are replaced by plain calls.
import numpy as np
import jax.numpy as jnp
from jax import jit

x = np.random.rand(1000,1000)
y = jnp.array(x)


def f(x):
  for _ in range(10):
      x = 0.5*x + 0.1* jnp.sin(x)
  return x


g = jit(f)

f(y).block_until_ready()
g(y).block_until_ready()
