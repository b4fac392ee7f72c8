# Source: https://github.com/LuchnikovI/Jax-based-TT-cross-implementation/blob/f22b5a3357f2b433f84bd7699bccbb13ee879aa6/utils.py
# Title: utils.py (maxvol with lax.while_loop, canonical form by reduce over TT kernels)
# Cut: skeleton and truncation helpers cut; jax.ops.index_update kept as the author wrote it (old JAX).
import jax.numpy as jnp
from jax import lax
from jax.ops import index, index_update
from functools import reduce


def _maxvol(A, eps):
    """This function search for maxvol submatrix."""

    def iter(vars):
        A, b_max, order = vars
        a = A[:A.shape[1]]
        B = A @ jnp.linalg.inv(a)
        ind = jnp.argmax(jnp.abs(B))
        inds = jnp.unravel_index(ind, A.shape)
        b_max = jnp.abs(B[inds[0], inds[1]])
        aux_slice = A[inds[0], :]
        aux_index = order[inds[0]]
        order = index_update(order, index[inds[0]], order[inds[1]])
        order = index_update(order, index[inds[1]], aux_index)
        A = index_update(A, index[inds[0], :], A[inds[1], :])
        A = index_update(A, index[inds[1], :], aux_slice)
        return A, b_max, order

    def cond(vars):
        _, b_max, _ = vars
        return b_max > 1 + eps
    _, _, order = lax.while_loop(cond, iter, (A, 1e16, jnp.arange(A.shape[0])))
    order = order[:A.shape[1]]
    return order


def _set_left_canonical(kernels):
    """This function sets TT to the left canonical form."""

    def push_r_right(vars, ker):
        updated_state, log_norm, r = vars
        ker = jnp.tensordot(r, ker, axes=1)
        left_bond, dim, _ = ker.shape
        ker = ker.reshape((left_bond*dim, -1))
        ker, r = jnp.linalg.qr(ker)
        ker = ker.reshape((left_bond, dim, -1))
        norm = jnp.linalg.norm(r)
        r /= norm
        updated_state += [ker]
        log_norm += jnp.log(norm)
        return updated_state, log_norm, r
    return reduce(push_r_right, [([], jnp.array(0.), jnp.array([[1.]]))] + kernels)
