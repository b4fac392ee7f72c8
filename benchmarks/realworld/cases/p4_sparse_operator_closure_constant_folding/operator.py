# Source: https://github.com/jax-ml/jax/issues/14655
# Title: jax-ml/jax#14655 "Very slow JIT compilation due to constant-folding of very large BCOO sparse matrix nonzero entry array"
# Cut: kept the author's MWE.
import jax
import jax.numpy as jnp
import jax.experimental.sparse as sparse
from jax.experimental.sparse import BCOO

n = 10000000
matrix = sparse.eye(n)

def build_sparse_linear_operator():
    nonzeroes = sparse.eye(n).indices # shape (n,2)
    def product(other):
        matrix = BCOO((jnp.ones(n),nonzeroes), shape=(n,n), indices_sorted=True, unique_indices=True)
        return matrix @ other
    return product

operator = build_sparse_linear_operator()

def fn(x):
    return operator(jnp.ones(n) / x).sum()

fn(1.0) # executes in 0.1s
jax.jit(fn)(1.0) # executes in almost one minute
