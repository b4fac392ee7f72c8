# Source: https://github.com/jax-ml/jax/issues/23457
# Title: jax-ml/jax#23457 "Operator jax.lax.gather consumes a lot of memory on CPU"
# Cut: kept the author's pytest file (embed_test.py); the shell commands are dropped.
import os

os.environ['JAX_PLATFORM_NAME'] = 'cpu'

import jax
import jax.numpy as jnp
import pytest
from jax import Array

SHAPE = (3_000_000, 300)


@pytest.mark.parametrize('initializer', ['zeros', 'uniform'])
def test_index(initializer: str):
    ix = jnp.array([1, 2])
    match initializer:
        case 'zeros':
            xs = jnp.zeros(SHAPE)
        case 'uniform':
            key = jax.random.PRNGKey(42)
            xs = jax.random.uniform(key, (3_000_000, 300))

    def fn(ix: Array) -> Array:
        return xs[ix]

    jax.jit(fn)(ix)
