"""Equal in exact arithmetic; float32 cancellation makes the values differ.

(x + 1e5)**2 - 1e10 loses hundreds per element in float32 to cancellation,
against values near 2e5 * x: a relative error near 1e-3, above the float32
rtol. In float64 the same cancellation costs 1e-6: the rewrite is correct.
"""

import jax
import jax.numpy as jnp

OFFSET = 1e5


def inputs(size=100):
    return (jax.random.uniform(jax.random.PRNGKey(3), (size,)),)


def baseline(x):
    return jnp.sum((x + OFFSET) ** 2 - OFFSET**2)


def candidate(x):
    return jnp.sum(x**2 + 2 * OFFSET * x)
