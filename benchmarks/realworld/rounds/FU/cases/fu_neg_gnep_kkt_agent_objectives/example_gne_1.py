# Source: https://github.com/bemporad/nashopt/blob/a9d116ed7f3f0585c807f7370cb45e19954ff4ce/examples/gne/example_gne_1.py
# Title: examples/gne/example_gne_1.py
# Cut: shared constraint g and printing cut; objectives f2, f3 reconstructed in the example's style; lb added
#      to match the cut GNEP class.
import jax
import jax.numpy as jnp
import numpy as np

from gnep_base import GNEP


@jax.jit
def f1(x):
    return jnp.sum((x[0:2] - jnp.array([1.0, -0.5]))**2)


@jax.jit
def f2(x):
    return (x[2] + 1.0)**2 + x[0] * x[2]


@jax.jit
def f3(x):
    return (x[3] - 0.5 * x[1])**2 + jnp.exp(-x[3])


sizes = [2, 1, 1]
gnep = GNEP(sizes, f=[f1, f2, f3], lb=-10. * np.ones(4))
sol = gnep.solve(x0=jnp.zeros(4))
