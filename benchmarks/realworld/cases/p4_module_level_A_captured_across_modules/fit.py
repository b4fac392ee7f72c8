# Source: https://github.com/jax-ml/jax/issues/5071
# Title: jax-ml/jax#5071 "Need help understanding memory usage (CPU backend)"
# Cut: the author's single script is split in two modules (A defined in data.py, the jitted functions in
#      fit.py) to model a project layout; the RSS printing is dropped.
import numpy as np
from jax import grad, jit
import jax.numpy as jnp

from data import A, use_jnp


@jit
def fn(x):
    return jnp.sum(jnp.dot(A, x))

x = np.ones(100)
if use_jnp:
    x = jnp.asarray(x)

y = fn(x).block_until_ready()

gr = jit(grad(fn))
gr(x).block_until_ready()
