# Source: https://github.com/JiaYaobo/stamox/blob/312d8570ec9e43b1a1e4423185f6f74bb87f81e9/stamox/sample/_bootstrap.py
# Title: stamox, stamox/sample/_bootstrap.py (bootstrap_sample and bootstrap)
# Cut: docstrings (with their doctest examples) shortened to the first line.
from typing import Callable, TypeVar

import jax.random as jrandom
from equinox import filter_jit, filter_vmap
from jaxtyping import ArrayLike, PyTree


ReturnValue = TypeVar("ReturnValue")


def bootstrap_sample(
    data: ArrayLike, num_samples: int, *, key: jrandom.KeyArray = None
) -> ArrayLike:
    """Generates `num_samples` bootstrap samples from `data` with replacement."""
    # Determine the number of elements in the data
    n = data.shape[0]
    keys = jrandom.split(key, num_samples)

    @filter_jit
    def sample_fn(key: jrandom.KeyArray):
        # Draw n random indices from the data, with replacement
        sample_indices = jrandom.choice(key, n, (n,), replace=True)
        # Use the drawn indices to create a new bootstrap sample
        sample = data[sample_indices, ...]
        return sample

    samples = filter_vmap(sample_fn)(keys)
    return samples


def bootstrap(
    data: ArrayLike,
    call: Callable[..., ReturnValue],
    num_samples: int,
    *,
    key: jrandom.KeyArray = None
) -> PyTree:
    """Generates `num_samples` bootstrap samples from `data` with replacement, and calls `call` on each sample."""
    samples = bootstrap_sample(data, num_samples=num_samples, key=key)
    return filter_jit(filter_vmap(lambda x: call(x)))(samples)
