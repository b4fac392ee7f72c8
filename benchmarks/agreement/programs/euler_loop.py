"""An explicit Euler integration unrolled by a Python loop inside jit (the cliff: one body per step).

Source: written for this benchmark, after the "my ODE solver takes minutes to
compile" threads; the rewrite is ``jax.lax.scan`` over the time steps.
"""

import jax
import jax.numpy as jnp


def drift(x, t):
    return jnp.sin(x) * t - 0.1 * x


@jax.jit
def final_state(x0, ts):
    x = x0
    dt = ts[1] - ts[0]
    for t in ts:
        x = x + dt * drift(x, t)  # cliff: unrolled-loop
    return jnp.sum(x**2)


ts = jnp.linspace(0.0, 1.0, 64)
x0 = jnp.linspace(-1.0, 1.0, 8)
value, grad = jax.jit(jax.value_and_grad(final_state))(x0, ts)
print(f"{float(value):.6f} {float(jnp.sum(grad)):.6f}")
