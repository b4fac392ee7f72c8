# Source: https://github.com/jax-ml/jax/issues/25703
# Title: jax-ml/jax#25703 "Quickstart: using JIT-compiled functions, jax.vmap does not provide significant speedup over naive implementation" (code from docs/notebooks/thinking_in_jax.md)
# Cut: kept the quickstart's functions; the naive version is jitted as in the issue; the %timeit cells are
#      dropped.
import jax
import jax.numpy as jnp
from jax import random

key = random.key(1701)
key1, key2 = random.split(key)
mat = random.normal(key1, (150, 100))
batched_x = random.normal(key2, (10, 100))


def apply_matrix(x):
  return jnp.dot(mat, x)


@jax.jit
def naively_batched_apply_matrix(v_batched):
  return jnp.stack([apply_matrix(v) for v in v_batched])


@jax.jit
def vmap_batched_apply_matrix(batched_x):
  return jax.vmap(apply_matrix)(batched_x)


print('Naively batched')
naively_batched_apply_matrix(batched_x).block_until_ready()
print('Auto-vectorized with vmap')
vmap_batched_apply_matrix(batched_x).block_until_ready()
