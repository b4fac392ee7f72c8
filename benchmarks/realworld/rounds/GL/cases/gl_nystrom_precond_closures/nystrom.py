# Source: https://github.com/stephen-huan/10-716-project/blob/4e81c870a7221d227f91d8481da20ebe1ab8b966/transport/nystrom.py
# Title: transport/nystrom.py (Information-theoretic Nystrom method, sketch-and-solve preconditioners)
# Cut: the greedy pivoted-Cholesky `nystrom` is reduced to its signature (see the negative case
#      gl_neg_nystrom_pivoted_cholesky); utils inlined; jacobi/permutation operators cut.
from collections.abc import Callable

import jax
import jax.numpy as jnp
from jax import Array, jit
from scipy.sparse.linalg import LinearOperator


def identity_like(m: Array) -> Array:
    return jnp.identity(m.shape[0], dtype=m.dtype)


@jit
def solve(A: Array, b: Array) -> Array:
    """Solve the system Ax = b for symmetric positive definite A."""
    return jax.scipy.linalg.solve(A, b, assume_a="pos")


def nystrom(nnx_kernel, x: Array, s: int, *, sigma=0.0, full_rank=False):
    """Nystrom approximation: (n, s) Cholesky factor and the pivot order."""
    raise NotImplementedError


def make_LinearOperator(
    linop: Array | LinearOperator, matmat: Callable[[Array], Array]
) -> LinearOperator:
    """Make a symmetric LinearOperator from the provided data."""
    return LinearOperator(
        shape=linop.shape,
        dtype=linop.dtype,
        matvec=matmat,
        rmatvec=matmat,
        matmat=matmat,
        rmatmat=matmat,
    )


def sketch_solve(
    nnx_kernel, x: Array, s: int, *, sigma: Array | float = 0.0
) -> LinearOperator:
    """Sketch-and-solve preconditioning."""
    # factor just the kernel matrix without the additive noise
    factor, _ = nystrom(nnx_kernel, x, s, sigma=0)
    m = factor.T @ factor + sigma * identity_like(factor.T)

    @jit
    def matmat(x: Array) -> Array:
        """Apply sketch-and-solve preconditioning."""
        # sherman-morrison-woodbury
        return -factor @ solve(m, factor.T @ x) / sigma + x / sigma

    # no need to handle order as column permutations cancel
    return make_LinearOperator(identity_like(factor), matmat)


def sketch_solve_eig(
    nnx_kernel, x: Array, s: int, *, sigma: Array | float = 0.0
) -> LinearOperator:
    """Sketch-and-solve preconditioning."""
    # factor just the kernel matrix without the additive noise
    factor, _ = nystrom(nnx_kernel, x, s, sigma=0)
    # factor @ factor.T = u @ jnp.diag(eigvals) @ u.T
    u, eigvals, _ = jnp.linalg.svd(factor, full_matrices=False)
    eigvals = jnp.square(eigvals)
    diagonal = jnp.reciprocal(eigvals + sigma) - jnp.reciprocal(sigma)

    @jit
    def matmat(x: Array) -> Array:
        """Apply sketch-and-solve preconditioning."""
        # sherman-morrison-woodbury
        return u @ (diagonal * (u.T @ x)) + x / sigma

    # no need to handle order as column permutations cancel
    return make_LinearOperator(identity_like(factor), matmat)
