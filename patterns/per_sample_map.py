"""Per-sample map: a network applied to one scalar input at a time.

Shape: a 3-layer MLP 1 -> 1000 -> 20 -> 1 evaluated on N scalar inputs with
a Python loop, ``jnp.stack([mlp(params, x[None]) for x in xs])``, and the
squared outputs summed (in Julia: ``map(t -> nn([t]), x)``).

Why the gradient is slow: each sample is a chain of matrix-vector products,
so the forward is N small matvecs per layer and the backward N more, each
accumulating into the full weight gradient: N separate (1000 x 20) outer
products summed one by one. Nothing is batched, and the unrolled loop makes
trace and compile time grow with N.

Rewrite: feed the samples as one batch, a (N, 1) matrix, so each layer is
one matrix-matrix product forward and two backward. ``vmapped`` below is the
``jax.vmap`` version of the same rewrite; under ``jax.jit`` it compiles to
the same batched products. Compare it with::

    gradadvisor bench --baseline patterns/per_sample_map.py:vmapped \\
        --candidate patterns/per_sample_map.py:candidate \\
        --inputs patterns/per_sample_map.py:inputs
"""

import jax
import jax.numpy as jnp

WIDTHS = (1, 1000, 20, 1)
sizes = (16, 32, 64)
argnums = 0


def inputs(size=64):
    """size is N, the number of scalar samples."""
    keys = jax.random.split(jax.random.PRNGKey(0), 2 * len(WIDTHS))
    params = [
        {
            "w": jax.random.normal(kw, (n_out, n_in)) / n_in**0.5,
            "b": 0.1 * jax.random.normal(kb, (n_out,)),
        }
        for kw, kb, n_in, n_out in zip(keys[::2], keys[1::2], WIDTHS[:-1], WIDTHS[1:])
    ]
    xs = jnp.linspace(-1.0, 1.0, size)
    return params, xs


def mlp(params, x):
    """x: (features,) or (batch, features); identity activations, as in the original Julia code."""
    for layer in params:
        x = x @ layer["w"].T + layer["b"]
    return x


def baseline(params, xs):
    outputs = jnp.stack([mlp(params, x[None]) for x in xs])
    return jnp.sum(outputs**2)


def vmapped(params, xs):
    outputs = jax.vmap(lambda x: mlp(params, x[None]))(xs)
    return jnp.sum(outputs**2)


def candidate(params, xs):
    outputs = mlp(params, xs[:, None])
    return jnp.sum(outputs**2)
