"""Constant inputs hide a wrong einsum axis; the perturbed second draw exposes it."""

import jax.numpy as jnp


def inputs(size=4):
    return jnp.ones((size, size)), jnp.ones((size, size))


def baseline(a, b):
    columns = jnp.stack([jnp.dot(a[:, j], b[:, j]) for j in range(a.shape[1])])
    return jnp.sum(columns**2)


def candidate(a, b):
    return jnp.sum(jnp.einsum("ij,ij->i", a, b) ** 2)  # should be "ij,ij->j"
