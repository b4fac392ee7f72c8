# Source: https://github.com/gcucurull/jax-gcn/blob/b048fc9af5cc5bda0eaae118a6ae9a91a3fef4a1/sparse_matmul.py
# Title: sparse_matmul.py
# Cut: verbatim.
import jax

@jax.partial(jax.jit, static_argnums=(2))
def sp_matmul(A, B, shape):
    """
    Arguments:
        A: (N, M) sparse matrix represented as a tuple (indexes, values)
        B: (M,K) dense matrix
        shape: value of N
    Returns:
        (N, K) dense matrix
    """
    assert B.ndim == 2
    indexes, values = A
    rows, cols = indexes
    in_ = B.take(cols, axis=0)
    prod = in_*values[:, None]
    res = jax.ops.segment_sum(prod, rows, shape)
    return res
