"""Sum with a closure: a Python generator over array elements.

Shape: ``sum(rho(xi) for xi in x)`` -- a Python-level reduction that applies
a scalar function to one element at a time. This is an embedded-atom energy
(first written in Julia): ``rho(r) = exp(-3 (r + 1))`` summed over neighbours,
then ``E = p^2 + p^3 + p^4 / 4``.

Why the gradient is slow: every ``x[i]`` is a separate slice, every
``rho`` call separate scalar ops, and the sum a chain of n additions. Under
``jax.jit`` the trace and the compile grow with n (n slices, n exps, n adds
forward; n pads and adds backward, since the transpose of a slice is a pad
into a zero array of the full length). Eagerly it is worse: each element is
a separate dispatch, and differentiating it compiles one slice and one pad
per element on the first call.

Rewrite: apply ``rho`` to the whole array and reduce once:
``jnp.sum(rho(x))``. One exp, one reduction; the gradient is one
element-wise multiply.
"""

import jax
import jax.numpy as jnp

sizes = (50, 100, 200)
argnums = 0


def rho(r):
    return jnp.exp(-3.0 * (r + 1.0))


def embedding_energy(p):
    return p**2 + p**3 + 0.25 * p**4


def inputs(size=100):
    x = jax.random.uniform(jax.random.PRNGKey(0), (size,))
    return (x,)


def baseline(x):
    p = sum(rho(xi) for xi in x)
    return embedding_energy(p)


def candidate(x):
    p = jnp.sum(rho(x))
    return embedding_energy(p)
