"""A pair potential summed with the builtin sum over index pairs (the cliff: n*(n-1)/2 bodies).

Source: written for this benchmark, after molecular-dynamics examples that loop
over pairs in Python; the rewrite is a distance matrix and ``jnp.sum`` over its
upper triangle.
"""

import jax
import jax.numpy as jnp


def energy(x):
    n = x.shape[0]
    return sum(jnp.exp(-jnp.sum((x[i] - x[j]) ** 2)) for i in range(n) for j in range(i))  # cliff: unrolled-loop


x = jnp.stack([jnp.linspace(0.0, 1.0, 10), jnp.linspace(1.0, 0.0, 10), jnp.zeros(10)], axis=1)
forces = jax.jit(jax.grad(energy))(x)
print(f"{float(energy(x)):.6f} {float(jnp.abs(forces).sum()):.6f}")
