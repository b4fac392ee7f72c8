# Source: https://github.com/JiaYaobo/stamox/blob/312d8570ec9e43b1a1e4423185f6f74bb87f81e9/stamox/sample/_jackknife.py
# Title: stamox, stamox/sample/_jackknife.py (jackknife_sample and jackknife)
# Cut: docstrings (with their doctest examples) shortened to the first line.
from typing import Callable, TypeVar

import jax.numpy as jnp
from equinox import filter_jit, filter_vmap
from jaxtyping import ArrayLike, PyTree


ReturnValue = TypeVar("ReturnValue")


def jackknife_sample(data: ArrayLike) -> ArrayLike:
    """Generates `num_samples` jackknife samples from `data` with replacement."""
    n = jnp.shape(data)[0]

    @filter_jit
    def apply_except_one(x, i):
        idx = jnp.arange(x.shape[0])
        idx = jnp.where(idx >= i, idx + 1, idx)[:-1]
        return x[idx]

    samples = filter_vmap(apply_except_one, in_axes=(None, 0))(data, jnp.arange(n))

    return samples


def jackknife(data: ArrayLike, call: Callable[..., ReturnValue]) -> PyTree:
    """Computes the jackknife estimate of a given data set."""
    samples = jackknife_sample(data)
    return filter_jit(filter_vmap(lambda x: call(x)))(samples)
