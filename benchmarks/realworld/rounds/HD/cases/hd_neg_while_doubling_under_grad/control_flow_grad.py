# Source: https://github.com/pmrjorge/r2dl/blob/34921e29fd20645d7d1ff8764b28989d08cfb840/preliminaries/Automatic_Differentiation.ipynb
# Title: Automatic_Differentiation.ipynb (D2L "Automatic Differentiation" redone in JAX)
# Cut: cells 12 and 18-21 ("Gradients and Python Control Flow") converted to a module.
import jax
from jax import grad
from jax import numpy as jnp
from jax import random


def f(a):
    b = a*2
    while jnp.linalg.norm(b) < 1000:
        b = b * 2
    if b.sum() > 0:
        c = b
    else:
        c = 100*b
    return c


a = random.normal(random.PRNGKey(1), ())

d = f(a)
d_grad = grad(f)(a)

d_grad == d / a
