"""Loops hidden inside jit, a lax.scan body and a custom_vjp function.

``baseline`` unrolls three Python loops over the data, each inside a
different transform; ``candidate`` computes the same with whole-array
operations. trace must charge each loop to the line of ``baseline`` that
enters the transform, with the transform's body lines in its stack.
"""

import jax
import jax.numpy as jnp

sizes = (4, 8, 16)


@jax.jit
def jitted_norms(x):
    return jnp.stack([jnp.sin(row) * row for row in x])  # marker: jit body loop


def scan_step(carry, row):
    total = carry
    for value in row:  # marker: scan body loop
        total = total + jnp.cos(value)
    return total, total


@jax.custom_vjp
def smooth(x):
    return jnp.tanh(x)


def smooth_fwd(x):
    y = jnp.tanh(x)
    return y, y


def smooth_bwd(y, g):
    return (g * (1 - y**2),)


smooth.defvjp(smooth_fwd, smooth_bwd)


def inputs(size=8):
    return (jax.random.normal(jax.random.PRNGKey(0), (size, size)),)


def baseline(x):
    a = jnp.sum(jitted_norms(x))  # marker: calls jit
    b, _ = jax.lax.scan(scan_step, 0.0, x.T)  # marker: calls scan
    c = sum(smooth(v) for v in x[0])  # marker: custom_vjp loop
    return a + b + c


def candidate(x):
    a = jnp.sum(jax.jit(lambda x: jnp.sin(x) * x)(x))
    b = jnp.sum(jnp.cos(x))
    c = jnp.sum(smooth(x[0]))
    return a + b + c
