"""A jitted lookup that closes over a 4.8 MB table (the cliff: the table is embedded as a constant).

Source: written for this benchmark, after "jit is slow and the HLO is huge"
threads; the rewrite passes the table as an argument.
"""

import jax
import jax.numpy as jnp

TABLE = jnp.linspace(0.0, 1.0, 1200 * 1000, dtype=jnp.float32).reshape(1200, 1000)


@jax.jit
def score(w, idx):
    rows = TABLE[idx]  # cliff: captured-constant
    return jnp.sum(jnp.tanh(rows @ w))


idx = jnp.arange(0, 1200, 37)
w = jnp.linspace(-1.0, 1.0, 1000)
print(f"{float(score(w, idx)):.6f} {float(jnp.sum(jax.jit(jax.grad(score))(w, idx))):.6f}")
