# Source: https://github.com/jax-ml/jax/issues/2308
# Title: jax-ml/jax#2308 "Iterate over dynamic slices"
# Cut: kept the author's loop (its `for j in A.size[1]` written as range(A.shape[1]), its
#      jax.lax.index_update as jax.ops.index_update, apply_transform also given j); vector_function and
#      apply_transform, undefined in the thread, get small Householder bodies.
import jax
import jax.numpy as jnp
from jax.ops import index, index_update


def vector_function(x):
    v = x + jnp.sign(x[0]) * jnp.linalg.norm(x) * jnp.eye(x.shape[0])[0]
    return v / jnp.linalg.norm(v)


def apply_transform(A, v, j):
    return A[j:, j] - 2.0 * v * jnp.dot(v, A[j:, j])


@jax.jit
def operate_on_lower_triangle(A):
    for j in range(A.shape[1]):
        A_slice = A[j:, j]  # *
        v = vector_function(A_slice)
        A = index_update(A, index[j:, j], apply_transform(A, v, j))
    return A
