# Source: https://github.com/spenrich/Learning-Control-Oriented-Structure/blob/654c78e16ef1c1e97418f87fa719fc8743a69a01/utils/matrix_params.py
# Title: utils/matrix_params.py ("Unconstrained parameterizations of various types of matrices")
# Cut: kept tri_size_to_dim, params_to_ortho and params_to_posdef; params_to_skew/cholesky and the
#      inverse maps are reduced to the branches the Householder path needs.
from math import isqrt

import jax
import jax.numpy as jnp

from jaxtyping import Array


def tri_size(n: int) -> int:
    """Compute the number of elements in the lower-triangle of an array."""
    return (n*(n + 1))//2


def tri_size_to_dim(d: int) -> int:
    """Compute the square matrix dimension with `d` lower-triangle elements."""
    n = (isqrt(8*d + 1) - 1) // 2
    if d != tri_size(n):
        raise ValueError('Invalid vector length `d = %d` for filling the '
                         'lower-triangle of a square matrix.' % d)
    return n


def params_to_ortho(θ: Array, method: str = 'cayley') -> Array:
    """Map parameters to a unique orthogonal matrix."""
    if method == 'householder':
        # TODO: vectorize this
        d = θ.size  # number of free parameters, d := (n * (n - 1)) // 2
        n = tri_size_to_dim(d) + 1
        Q = jnp.eye(n).at[-1, -1].set(
            jnp.where(n % 2 == 0, -1., 1.)   # initialize Q = H(n)
        )
        offset = 0
        for p in range(n - 1, 0, -1):  # TODO: use LAX loop
            v = jnp.concatenate((jnp.array([1.]), θ[offset:offset + (n - p)]))
            τ = 2. / jnp.sum(v**2)
            UQ = jnp.outer(τ * v, Q[p-1:, p-1:].T @ v)
            Q = Q.at[p-1:, p-1:].add(-UQ)
            offset += (n - p)
    elif method == 'matrix_exp':
        raise NotImplementedError()
    else:
        raise ValueError('Argument `method` must be `cayley`, `householder`, '
                         'or `matrix_exp`.')
    return Q


def params_to_posdef(θ: Array, method: str = 'cholesky',
                     eig_lower: float = 0., eig_upper: float = 1.) -> Array:
    """Map parameters to a unique positive-definite matrix."""
    if method in ['cayley', 'householder', 'matrix_exp']:
        n = tri_size_to_dim(θ.shape[-1])
        Q = params_to_ortho(θ[..., n:], method)
        slope = (eig_upper - eig_lower)/2
        bias = (eig_upper + eig_lower)/2
        λ = slope*jnp.tanh(θ[..., :n]/slope) + bias
        P = Q @ (jnp.expand_dims(λ, -1) * Q.T)
    else:
        raise ValueError('Argument `method` must be `cholesky`, `cayley`, '
                         '`householder`, or `matrix_exp`.')
    return P
