"""Per-example gradients in a Python loop vs ``jax.vmap(jax.grad(...))``.

Shape: a penalty on the per-example gradient norms (as in gradient-norm
regularisation or differentially private training), written as a loop that
calls ``jax.grad`` once per example:
``jnp.stack([sq_norm(jax.grad(loss)(params, x, y)) for x, y in zip(xs, ys)])``.
The objective is then differentiated with respect to the parameters, so the
loop is differentiated twice.

Why the gradient is slow: every iteration traces its own copy of the
backward pass, so the program holds N forward and N backward passes of the
model, and the outer gradient adds N second-order passes. Trace and compile
time grow with N, and each pass is a chain of matrix-vector products.

Rewrite: ``jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))`` computes all the
per-example gradients as one batched program: one trace, matrix-matrix
products, and an outer gradient of the same batched shape.
"""

import jax
import jax.numpy as jnp

FEATURES, HIDDEN = 8, 32
sizes = (8, 16, 32)
argnums = 0


def inputs(size=32):
    """size is N, the number of examples."""
    kw, kv, kx, ky = jax.random.split(jax.random.PRNGKey(0), 4)
    params = {
        "w": jax.random.normal(kw, (FEATURES, HIDDEN)) / FEATURES**0.5,
        "v": jax.random.normal(kv, (HIDDEN,)) / HIDDEN**0.5,
    }
    xs = jax.random.normal(kx, (size, FEATURES))
    ys = jax.random.normal(ky, (size,))
    return params, xs, ys


def loss(params, x, y):
    prediction = jnp.tanh(x @ params["w"]) @ params["v"]
    return (prediction - y) ** 2


def squared_norm(tree):
    return sum(jnp.sum(leaf**2) for leaf in jax.tree_util.tree_leaves(tree))


def baseline(params, xs, ys):
    norms = jnp.stack(
        [squared_norm(jax.grad(loss)(params, x, y)) for x, y in zip(xs, ys)]
    )
    return jnp.mean(norms)


def candidate(params, xs, ys):
    grads = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(params, xs, ys)
    norms = jax.vmap(squared_norm)(grads)
    return jnp.mean(norms)
