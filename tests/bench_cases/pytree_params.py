"""A dict of parameters as the differentiated argument."""

import jax
import jax.numpy as jnp


def inputs(size=5):
    kw, kx = jax.random.split(jax.random.PRNGKey(2))
    params = {"w": jax.random.normal(kw, (3, 2)), "b": jnp.zeros((3,)), "scale": jnp.asarray(0.5)}
    return params, jax.random.normal(kx, (size, 2))


def baseline(params, xs):
    return sum(
        params["scale"] * jnp.sum(jnp.tanh(params["w"] @ x + params["b"]) ** 2) for x in xs
    )


def candidate(params, xs):
    return params["scale"] * jnp.sum(jnp.tanh(xs @ params["w"].T + params["b"]) ** 2)
