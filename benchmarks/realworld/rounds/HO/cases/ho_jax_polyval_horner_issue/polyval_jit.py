# Source: https://github.com/jax-ml/jax/issues/3047
# Title: polyval is exceedingly slow to compile for high degree polynomials
# Cut: the reporter's snippet kept; polyval is the jax.numpy implementation the
#      thread points at ("uses a Python for loop"), reconstructed from
#      jax/numpy/lax_numpy.py of that release (May 2020) with its imports made explicit.
import jax
import numpy as np
from jax.numpy import zeros_like


def polyval(p, x):
    if isinstance(p, np.poly1d):
        p = np.asarray(p)
    if isinstance(x, np.poly1d):
        y = 0
    else:
        y = zeros_like(x)
    for i in range(len(p)):
        y = y * x + p[i]
    return y


x = np.random.rand()
p = np.random.randn(10000)
polyval(p, x)  # works
jax.jit(polyval)(p, x)  # never finishes
