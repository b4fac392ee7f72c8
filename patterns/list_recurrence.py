"""A recurrence kept in a Python list (``T.append(2 x T[n-1] - T[n-2])``) vs ``lax.scan``.

Shape: the Chebyshev basis ``T_0 = 1, T_1 = x, T_n = 2 x T_{n-1} - T_{n-2}`` evaluated
at every point of ``x``, built by appending to a list and reading its newest two items by
the loop index, then stacked and contracted with coefficients. The same shape fills a
preallocated list in place (``hist[t] = f(hist[t - 1])``).

Why the gradient is slow: the Python loop unrolls n steps into the program; the backward
pass is another n steps, and trace and compile time grow with n.

Rewrite: ``jax.lax.scan`` carrying the two newest items and returning each step's new one:
one traced step and a compile time that does not grow with n. As for every recurrence, the
win is compile and first-call time: measured on an H100 at n = 100 (``gradadvisor bench
patterns/list_recurrence.py --device gpu --rounds 5``), the gradient compiled in 0.16 s
instead of 3.8 s, but a compiled call of the scan took 3.3 ms against 0.11 ms for the fused,
unrolled loop. Code that calls it many times with one n may prefer ``unroll=`` on the scan.
"""

import jax
import jax.numpy as jnp

POINTS = 256
sizes = (30, 100, 200)
argnums = (0, 1)


def inputs(size=100):
    """size is n, the number of basis functions."""
    kx, kc = jax.random.split(jax.random.PRNGKey(0))
    x = jax.random.uniform(kx, (POINTS,), minval=-0.9, maxval=0.9)
    coef = jax.random.normal(kc, (size,)) / size
    return x, coef, size


def baseline(x, coef, n):
    T = [jnp.ones_like(x), x]
    for k in range(2, n):
        T.append(2 * x * T[k - 1] - T[k - 2])
    return jnp.sum((coef @ jnp.stack(T)) ** 2)


def candidate(x, coef, n):
    def step(carry, _):
        older, newer = carry
        new = 2 * x * newer - older
        return (newer, new), new

    _, rest = jax.lax.scan(step, (jnp.ones_like(x), x), None, length=n - 2)
    T = jnp.concatenate([jnp.stack([jnp.ones_like(x), x]), rest])
    return jnp.sum((coef @ T) ** 2)
