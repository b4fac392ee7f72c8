# Source: https://github.com/SarthakYadav/jax-soft-dtw-div/blob/776738b8e1ebe532c1c7fb5134af87d3b3457015/soft_dtw/dtw.py
# Title: soft_dtw/dtw.py
# Cut: module docstring and argument docs shortened; the helpers it imports from soft_dtw/utils.py (pad_inf, squared_euclidean_cost without the return_all/log options, get_softmin) inlined below; get_softmin shown without its custom_vjp branch, and the return_all=True call in soft_dtw_divergence written as three cost calls.
import jax

import functools
import numpy as np
import jax.numpy as jnp
from jax.scipy.special import logsumexp


def pad_inf(inp, before, after):
    o = jnp.pad(inp, (before, after), constant_values=jnp.inf)
    return o


def squared_euclidean_cost(X, Y):
    X_sqnorms = 0.5 * jnp.sum(X ** 2, axis=1)
    Y_sqnorms = 0.5 * jnp.sum(Y ** 2, axis=1)
    XY = jnp.dot(X, Y.T).astype(X_sqnorms.dtype)
    C = -XY
    C += X_sqnorms[:, jnp.newaxis]
    C += Y_sqnorms
    return C


def get_softmin(gamma):
    def softmin_raw(array):
        return -gamma * logsumexp(array / -gamma, axis=-1)
    return softmin_raw


def dtw_min_func(array):
    return jnp.min(array, axis=-1)


def apply_dtw(D, minimum_func=None):
    """
    Args:
        D (jnp.array): squared euclidean cost between input and output
        minimum_func (Callable, optional): the minimum function to use
    """
    if minimum_func is None:
        minimum_func = dtw_min_func
    if D.shape[0] < D.shape[1]:
        D = D.T
    H, W = D.shape

    rows = []
    for row in range(H):
        rows.append(pad_inf(D[row], row, H - row - 1))

    model_matrix = jnp.stack(rows, axis=1)

    init = (
        pad_inf(model_matrix[0], 1, 0),
        pad_inf(model_matrix[1] + model_matrix[0, 0], 1, 0)
    )

    def scan_step(carry, current_antidiagonal):
        two_ago, one_ago = carry

        diagonal = two_ago[:-1]
        right = one_ago[:-1]
        down = one_ago[1:]
        best = minimum_func(jnp.stack([diagonal, right, down], axis=-1))

        next_row = best + current_antidiagonal
        next_row = pad_inf(next_row, 1, 0)
        return (one_ago, next_row), next_row

    carry, ys = jax.lax.scan(scan_step, init, model_matrix[2:], unroll=4)
    return carry[1][-1]


def soft_dtw(X, Y, gamma=1.0):
    dtw_func = functools.partial(apply_dtw, minimum_func=get_softmin(gamma))
    C = squared_euclidean_cost(X, Y)
    return dtw_func(C)


def soft_dtw_divergence(X, Y, gamma=1.0):
    dtw_func = functools.partial(apply_dtw, minimum_func=get_softmin(gamma))
    C_XY = squared_euclidean_cost(X, Y)
    C_XX = squared_euclidean_cost(X, X)
    C_YY = squared_euclidean_cost(Y, Y)
    value = dtw_func(C_XY)
    value -= 0.5 * dtw_func(C_XX)
    value -= 0.5 * dtw_func(C_YY)
    return value
