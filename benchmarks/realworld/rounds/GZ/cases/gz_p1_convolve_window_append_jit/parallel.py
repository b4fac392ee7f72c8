# Source: https://github.com/mlysy/pfjax/blob/97652aa1bdff73a92c0286549b010e99cc6f7264/docs/internal/parallel.ipynb
# Title: docs/internal/parallel.ipynb ("Parallelizing the Particle Filter", Scratch and Timings cells)
# Cut: notebook cells 10, 12-14 converted to a script (%timeit lines turned into plain calls); the
#      pmap particle-filter experiment above them is dropped.
import jax
import jax.numpy as jnp


def convolve(x, w):
    """
    Convolve x with w.

    Must have `len(x) >= len(w)`.
    """
    output = []
    for i in jnp.arange(0, len(x)-len(w)+1):
        output.append(jnp.dot(x[i:i+len(w)], w))
    return jnp.array(output)


jconvolve = jax.jit(convolve)  # jitted version

# test from doc
x = jnp.arange(5)
w = jnp.array([2., 3., 4.])

convolve(x, w)

# Timings
key = jax.random.PRNGKey(0)
nx = 200
nw = 100

x = jax.random.normal(key, (nx,))
w = jax.random.normal(key, (nw,))

# unjitted
convolve(x, w)
# jitted
jconvolve(x, w)
