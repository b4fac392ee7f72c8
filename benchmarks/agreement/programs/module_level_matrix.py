# Source: https://github.com/jax-ml/jax/issues/5071
# Cut from: benchmarks/realworld/cases/p4_module_level_A_captured_across_modules
# Cut: the author's single script (the case splits it in two modules), with A of 20000 x 100 instead
#      of 1000000 x 100 (8 MB in float32 rather than 400 MB); the RSS printing is dropped and the results
#      are printed. The rewrite: pass A to fn as an argument.
import numpy as np
from jax import grad, jit
import jax.numpy as jnp

use_jnp = True

A = np.ones((20000, 100))
if use_jnp:
   A = jnp.asarray(A)


@jit
def fn(x):
    return jnp.sum(jnp.dot(A, x))  # cliff: captured-constant

x = np.ones(100)
if use_jnp:
    x = jnp.asarray(x)

y = fn(x).block_until_ready()

gr = jit(grad(fn))
g = gr(x).block_until_ready()
print(f"{float(y):.1f} {float(jnp.sum(g)):.1f}")
