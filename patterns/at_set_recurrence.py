"""A recurrence written with ``.at[i].set`` in a Python loop vs ``lax.scan``.

Shape: a small recurrent map ``h <- tanh(W h + u_i)`` run for n steps, each
state stored into a preallocated trajectory with
``trajectory = trajectory.at[i].set(h)``, then a loss on the trajectory.
It is how NumPy code (``traj[i] = h``) translates to JAX.

Why the gradient is slow: the Python loop unrolls n steps into the program,
so trace and compile grow with n, and every ``.at[i].set`` is a
dynamic-update-slice of the whole (n, d) trajectory whose transpose reads
and zeroes a slice of the trajectory's cotangent, also n times. Under
``jax.jit`` XLA does these in place, so the steady-state cost is modest;
the first call is where the user waits.

Rewrite: ``jax.lax.scan`` over the inputs, returning the states as the
stacked output: one traced step, a loop in the compiled program, and a
compile time that does not grow with n. Note: for short sequences the
unrolled program can run as fast or faster than the scan once compiled
(XLA fuses across unrolled steps; a scan step has loop overhead), so the
win here is compile and first-call time.
"""

import jax
import jax.numpy as jnp

DIM = 16
sizes = (50, 100, 200)
argnums = 0


def inputs(size=100):
    """size is n, the number of steps; n is also passed as a Python int."""
    kw, ku = jax.random.split(jax.random.PRNGKey(0))
    w = 0.9 * jax.random.normal(kw, (DIM, DIM)) / DIM**0.5
    us = jax.random.normal(ku, (size, DIM))
    return w, us, size


def baseline(w, us, n):
    trajectory = jnp.zeros((n, DIM))
    h = jnp.zeros(DIM)
    for i in range(n):
        h = jnp.tanh(w @ h + us[i])
        trajectory = trajectory.at[i].set(h)
    return jnp.sum(trajectory**2)


def candidate(w, us, n):
    def step(h, u):
        h = jnp.tanh(w @ h + u)
        return h, h

    _, trajectory = jax.lax.scan(step, jnp.zeros(DIM), us[:n])
    return jnp.sum(trajectory**2)
