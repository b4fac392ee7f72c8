# Source: https://github.com/brando90/ultimate-utils/blob/230df1ee94b799bf5eed612572fe99b4f2ca9df8/ultimate-utils-proj-src/uutils/jax_uu/models/mha_simple.py
# Title: uutils/jax_uu/models/mha_simple.py -- "Multi-head attention with JAX"
# Cut: kept att, att_batch_manual and the batch-dim test that jits it next to jax.vmap(att);
#      dropped the multi-head helpers, docstring notes and timing comments.
from typing import Callable

import jax
import jax.numpy as jnp

from jax import Array
from jax.random import KeyArray


def att(Q: Array, K: Array, V: Array) -> Array:
    # att(Q, K, V) = softmax(QK^T/sqrt(d_k))V
    att: Array = jax.nn.softmax(Q @ K.T / jnp.sqrt(K.shape[1])) @ V
    return att


def att_batch_manual(Q: Array, K: Array, V: Array) -> Array:
    # loop through first dim of Q, K, V and do att and create jax arrary
    out = []
    for i in range(Q.shape[0]):
        att_x: Array = att(Q[i], K[i], V[i])
        out.append(att_x)
    return jnp.array(out)


def vmap_att_test_over_batch_dim():
    Tx: int = 2
    B: int = 3
    D: int = 4
    key: KeyArray = jax.random.PRNGKey(0)
    x: Array = jax.random.normal(key, (B, Tx, D))
    # vmap att over batch dim of x
    att_x: Array = jax.vmap(att)(x, x, x)
    print(f'{jnp.sum(att_x)=}')
    print(f'{jnp.sum(att_batch_manual(x, x, x))=}')

    # jit ref: https://jax.readthedocs.io/en/latest/jax-101/02-jitting.html
    att_jit: Callable = jax.jit(jax.vmap(att))
    att_batch_manual_jit: Callable = jax.jit(att_batch_manual)
    # % timeit jax.vmap(att)(x, x, x)
    # % timeit att_batch_manual(x, x, x)
    # % timeit att_jit(x, x, x)
    # % timeit att_batch_manual_jit(x, x, x)
    return att_jit(x, x, x), att_batch_manual_jit(x, x, x)
