"""A linear recurrence ``x[i] = a * x[i-1] + b * u[i]`` in a Python loop vs ``associative_scan``.

Shape: an affine recurrence over a sequence (an exponential moving average,
a leaky integrator, a diagonal linear state-space layer): ``DIM`` channels
with per-channel coefficients ``a`` and ``b``, state starting at zero, run
over ``n`` inputs with a Python loop that appends each state to a list, then
``jnp.stack`` and a loss on the states. The gradient is taken with respect
to the coefficients and the input sequence.

Why the gradient is slow: the Python loop unrolls ``n`` steps into the
program, so trace and compile time grow with ``n`` (faster than linearly:
on a CPU the forward alone took 4 s to compile at n = 50 and 41 s at
n = 200 under load), and the backward pass is another ``n`` dependent steps
plus the transpose of the ``stack`` (``n`` slices of the states'
cotangent). Once compiled it is also slower than it looks: on CPU, XLA
fuses each stored state with the whole chain before it and recomputes the
chain in every fusion, so the compiled forward does about ``n**2 / 2``
steps instead of ``n`` (651 multiply instructions at n = 25, 2,551 at
n = 50; XLA's flop count goes from 8.2k to 31.5k).
``lax.scan`` (``scan_version`` below) fixes the compile: one traced step,
compile time independent of ``n``. But a scan is still ``n``
sequential steps forward and ``n`` backward, and on a GPU each step of a
tiny body costs a fixed overhead: on one H100 (jax 0.11.2) about 22 us per
step, so its gradient took 24 ms at n = 1,000 and 2.5 s at n = 100,000.

Rewrite: the recurrence composes affine maps ``x -> a x + b``, and
composition is associative: ``(a1, b1)`` then ``(a2, b2)`` is
``(a1 * a2, a2 * b1 + b2)``. ``jax.lax.associative_scan`` computes all
prefix compositions in about ``2 log2(n)`` whole-sequence elementwise steps
(slices, products, pads), and its gradient differentiates the same
log-depth tree, so on a GPU the depth is logarithmic instead of linear: on
the same H100 its gradient took 0.61 ms at n = 1,000 and 0.27 ms at
n = 100,000. On a CPU it is the other way round: there is no parallel width
to use and a scan step is cheap. On this project's 2-core CPU (jax 0.10.2)
the ``lax.scan`` gradient ran 1.7x, 2.6x and 3.5x faster than
``associative_scan``'s at n = 1,000, 10,000 and 100,000 and compiled in
0.08 s against 1.5-5.7 s (XLA counts 40-50x the scan's flops for the
associative scan's gradient), so on a CPU ``scan_version`` is the rewrite to
use. Compare the two with::

    gradadvisor bench --baseline patterns/linear_recurrence.py:scan_version \\
        --candidate patterns/linear_recurrence.py:candidate \\
        --inputs patterns/linear_recurrence.py:inputs --argnums 0,1,2 \\
        --sizes 1000,10000,100000
"""

import jax
import jax.numpy as jnp

DIM = 8
sizes = (50, 100, 200)
argnums = (0, 1, 2)


def inputs(size=100):
    """size is n, the length of the sequence; a is in (0.8, 0.99) so the recurrence is stable."""
    ka, kb, ku = jax.random.split(jax.random.PRNGKey(0), 3)
    a = jax.random.uniform(ka, (DIM,), minval=0.8, maxval=0.99)
    b = jax.random.uniform(kb, (DIM,), minval=0.5, maxval=1.5)
    us = jax.random.normal(ku, (size, DIM))
    return a, b, us


def baseline(a, b, us):
    x = jnp.zeros(DIM)
    states = []
    for u in us:
        x = a * x + b * u
        states.append(x)
    return jnp.sum(jnp.stack(states) ** 2)


def scan_version(a, b, us):
    def step(x, u):
        x = a * x + b * u
        return x, x

    _, states = jax.lax.scan(step, jnp.zeros(DIM), us)
    return jnp.sum(states**2)


def compose(first, then):
    """The affine map ``x -> a x + b`` of ``first`` followed by ``then``, as (a, b)."""
    a1, b1 = first
    a2, b2 = then
    return a1 * a2, a2 * b1 + b2


def candidate(a, b, us):
    # element i is the map x -> a x + b u[i]; the prefix composition applied to x = 0 is x[i]
    _, states = jax.lax.associative_scan(compose, (jnp.broadcast_to(a, us.shape), b * us))
    return jnp.sum(states**2)
