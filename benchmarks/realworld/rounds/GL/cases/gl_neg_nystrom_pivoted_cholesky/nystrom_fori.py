# Source: https://github.com/stephen-huan/10-716-project/blob/4e81c870a7221d227f91d8481da20ebe1ab8b966/transport/nystrom.py
# Title: transport/nystrom.py (greedy pivoted-Cholesky Nystrom factor)
# Cut: preconditioner operators cut; gpjax kernel helpers from transport/utils.py inlined in short.
from typing import TypeAlias

import jax.numpy as jnp
from flax import nnx
from gpjax.kernels import AbstractKernel, DenseKernelComputation
from jax import Array, jit, lax

dense = DenseKernelComputation()
cross_covariance, diagonal = dense.cross_covariance, dense.diagonal


@jit
def argmax_masked(x: Array, mask: Array) -> Array:
    """Argmax of x restricted to the indices in mask, including nans."""
    return jnp.nanargmax(
        jnp.where(jnp.isnan(x), -jnp.inf, x) + jnp.where(mask, 0.0, jnp.nan)
    )


def __chol_update(
    cond_var: Array, factor: Array, i: int, k: int | Array
) -> tuple[Array, Array]:
    """Condition the i-th column of the Cholesky factor by the k-th point."""
    n = cond_var.shape[0]
    # update Cholesky factor by left looking
    # -factor[:, :i] @ factor[k, :i] is more efficient but size must be static
    row = factor[k]
    row = row.at[i].set(0.0)
    factor = factor.at[:, i].add(-factor @ row)
    # https://github.com/google/jax/issues/19162
    factor = factor.at[:, i].multiply(jnp.reciprocal(jnp.sqrt(factor[k, i])))
    # update conditional variance
    cond_var = cond_var.at[:].add(-jnp.square(factor[:n, i]))
    return cond_var, factor


def nystrom(
    nnx_kernel,
    x: Array,
    s: int,
    *,
    sigma: Array | float = 0.0,
    full_rank: bool = False,
) -> tuple[Array, Array]:
    """Nystrom approximation."""
    kernel: AbstractKernel = nnx.merge(*nnx_kernel)
    n = x.shape[0]
    s = min(s, n)
    # initialization
    int_dtype = jnp.uint32
    indices = jnp.zeros(s, dtype=int_dtype)
    candidates = jnp.ones(n, dtype=jnp.bool_)
    cond_var = diagonal(kernel, x).diag + sigma
    factor = jnp.zeros((n, s), dtype=cond_var.dtype)
    State: TypeAlias = tuple[Array, Array, Array, Array]
    state = (indices, candidates, cond_var, factor)

    def body_fun(i: int, state: State) -> State:
        """Select the best index on the i-th iteration."""
        indices, candidates, cond_var, factor = state
        # pick best entry --- could randomly sample here
        # (RPCholesky) but use maximum for simplicity
        k = argmax_masked(cond_var, candidates)
        # update data structures
        cov_k = cross_covariance(kernel, x, x[k, jnp.newaxis])
        factor = factor.at[:, i].set(cov_k.flatten())
        return (
            indices.at[i].set(int_dtype(k)),
            candidates.at[k].set(False),
            *__chol_update(cond_var, factor, i, k),
        )

    indices, candidates, _, factor = lax.fori_loop(0, s, body_fun, state)
    # add the remaining unselected indices arbitrarily
    order = jnp.concatenate((indices, jnp.arange(n)[candidates]))
    return factor, order
