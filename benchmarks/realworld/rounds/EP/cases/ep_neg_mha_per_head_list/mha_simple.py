# Source: https://github.com/brando90/ultimate-utils/blob/230df1ee94b799bf5eed612572fe99b4f2ca9df8/ultimate-utils-proj-src/uutils/jax_uu/models/mha_simple.py
# Title: uutils/jax_uu/models/mha_simple.py -- "Multi-head attention with JAX"
# Cut: kept the per-head path (compute_single_head_simple, compute_multi_heads_simple, mha_simple,
#      generate_random_project_matrices, mha_simple_test_); dropped asserts-only lines, the batch helpers
#      and timing notes.
from typing import Callable

import jax
import jax.numpy as jnp

from jax import Array


def att(Q: Array, K: Array, V: Array) -> Array:
    # att(Q, K, V) = softmax(QK^T/sqrt(d_k))V
    att: Array = jax.nn.softmax(Q @ K.T / jnp.sqrt(K.shape[1])) @ V
    return att


def compute_single_head_simple(Q: Array, K: Array, V: Array,  # [Tx, Dm]
                               WQ_i: Array, WK_i: Array, WV_i: Array,  # [Dm, Dk] [Dm, Dv]
                               ) -> Array:
    """ Compute single head attention head hi = att(Qi, Ki, Vi) = softmax(QiKi^T/sqrt(d_k))Vi. """
    Ty: int = Q.shape[0]
    Tx: int = K.shape[0]
    # compute each head todo vectorize computing these linear projections
    Q_i: Array = Q @ WQ_i  # [Tx, Dq] x [Dq, Dq'] -> [Tx, Dq']
    K_i: Array = K @ WK_i
    V_i: Array = V @ WV_i
    head_i: Array = att(Q_i, K_i, V_i)
    return head_i


def compute_multi_heads_simple(Q: Array, K: Array, V: Array,  # [Tx, Dm]
                               Ws: list[tuple[Array]],  # [WQi, WKi, WVi] i \in [num_heads] # [Dm, Dk] [Dm, Dv]
                               ) -> list[Array]:
    """
    Gets [h1, ..., hH] where hi = head_i(Q, K, V) = softmax(Q_iK_i^T/sqrt(d_k))V_i as a list.
    """
    Ty: int = Q.shape[0]
    Tx: int = K.shape[0]
    Dv: int = Ws[0][2].shape[1]
    heads: list[Array] = []
    for WQ_i, WK_i, WV_i in Ws:  # todo paralelize/vectorize head hi computation for i \in [num_heads]
        head_i: Array = compute_single_head_simple(Q, K, V, WQ_i, WK_i, WV_i)
        heads.append(head_i)
    return heads


def mha_simple(Q: Array, K: Array, V: Array,  # [Tx, Dm]
               Ws: list[tuple[Array, Array, Array]],  # [WQi, WKi, WVi] i \in [num_heads] # [Dm, Dk] [Dm, Dv]
               Wo: Array,  # [num_heads * Dv, Dm]
               num_heads: int = 8,  # len(Ws)
               ):
    assert len(Ws) == num_heads
    # - compute heads hi = Att(QWQi, KWKi, VWVi)  [Tx, Dv]
    heads: list[Array] = compute_multi_heads_simple(Q, K, V, Ws)
    # - concatenate array heads in jax, shape should be [Tx, num_heads * Dv]
    heads_concat: Array = jnp.concatenate(heads, axis=1)
    # - compute final mha output
    mha_out: Array = heads_concat @ Wo
    return mha_out


def generate_random_project_matrices(key: jax.random.PRNGKey,
                                     Dm: int,
                                     Dq: int,
                                     Dk: int,
                                     Dv: int,
                                     num_heads: int,
                                     ) -> list[tuple[Array, Array, Array]]:
    Ws: list[tuple[Array, Array, Array]] = []
    for _ in range(num_heads):
        Wq: Array = jax.random.normal(key, (Dm, Dq))
        Wk: Array = jax.random.normal(key, (Dm, Dk))
        Wv: Array = jax.random.normal(key, (Dm, Dv))
        Ws.append((Wq, Wk, Wv))
    return Ws


def mha_simple_test_():
    key = jax.random.PRNGKey(0)
    # - test params
    Tx: int = 2
    num_heads: int = 4
    Dm: int = 8
    Dk: int = Dm // num_heads
    # create num_heads random linear projections [Wq, Wk, Wv] of shape [Dm, Dk]
    Ws: list[tuple[Array, Array, Array]] = generate_random_project_matrices(key, Dm, Dk, Dk, Dk, num_heads)
    Wo: Array = jax.random.normal(key, (num_heads * Dk, Dm))
    x: Array = jax.random.normal(key, (Tx, Dm))
    mha_out: Array = mha_simple(x, x, x, Ws, Wo, num_heads)
    print(f'{mha_out.shape = }')

    mha_simple_jit: Callable = jax.jit(mha_simple)

    # % timeit mha_out: Array = mha_simple(x, x, x, Ws, Wo, num_heads)
    # mha_out_jit:Array = mha_simple_jit(x, x, x, Ws, Wo, num_heads)
