"""A jitted step called with a new batch size each time (the cliff: one trace and compile per size).

Source: written for this benchmark, after "my training loop recompiles every
step" threads (ragged last batches, growing windows); the rewrite pads the batch
to a fixed size or marks the size static once.
"""

import jax
import jax.numpy as jnp


@jax.jit  # cliff: retracing
def step(w, batch):
    loss = lambda w: jnp.mean((batch @ w - 1.0) ** 2)
    return w - 0.1 * jax.grad(loss)(w)


w = jnp.zeros(4)
data = jnp.linspace(0.0, 1.0, 4 * 16).reshape(16, 4)
for n in range(10, 16):
    w = step(w, data[:n])
print(" ".join(f"{float(v):.6f}" for v in w))
