# Source: https://github.com/Budapest-Quantum-Computing-Group/piquasso/blob/2ec6e79588ebd00e60e142dc89e58502e657c629/piquasso/_math/jax/hafnian.py
# Title: piquasso/_math/jax/hafnian.py (JAX loop hafnian, parent of "perf(jax): Loop hafnian compilation speedup", PR #378)
# Cut: license header removed; the rest of the module kept as in the parent commit.
import jax

import jax.numpy as jnp

from piquasso._math.linalg import reduce_

from .utils import factorial, eig


def loop_hafnian_with_reduction(matrix, diagonal, reduce_on):
    """JAX implementation of the loop hafnian.

    This functions implement the loop hafnian in JAX with Glynn-type iterations, because
    this way the size of the matrix stays constant, which is required by JAX. Also, the
    speedup using repetitions cannot be utilized, since that would require dynamic for
    loops.

    This is just a placeholder implementation. To properly implement this, one would
    need to use JAX FFI.
    """
    reduced_matrix = _reduce_matrix_with_diagonal(matrix, diagonal, reduce_on)

    return _loop_hafnian(reduced_matrix)


def _reduce_matrix_with_diagonal(matrix, diagonal, reduce_on):
    reduced_diagonal = reduce_(diagonal, jnp.array(reduce_on))
    reduced_matrix = reduce_(matrix, jnp.array(reduce_on))

    for i in range(len(reduced_diagonal)):
        reduced_matrix = reduced_matrix.at[i, i].set(reduced_diagonal[i])

    return reduced_matrix


def _fG(polynom_coefficients):
    dim_over_2 = len(polynom_coefficients)
    dim = 2 * dim_over_2

    data = jnp.zeros(shape=(2, dim_over_2 + 1), dtype=polynom_coefficients.dtype)

    data = data.at[0, 0].set(1.0)

    for idx in range(1, dim_over_2 + 1):
        factor = polynom_coefficients[idx - 1]

        p_aux0 = jax.lax.cond(idx % 2 == 1, lambda: 0, lambda: 1)
        p_aux1 = jax.lax.cond(idx % 2 == 1, lambda: 1, lambda: 0)

        data = data.at[p_aux1].set(data[p_aux0])

        size = dim // (2 * idx) + 1

        powfactors = jnp.power(factor, jnp.arange(size)) / factorial(
            jnp.arange(size, dtype=float)
        )

        for jdx in range(1, size):
            data = data.at[p_aux1, idx * jdx : dim_over_2 + 1].set(
                data[p_aux1, idx * jdx : dim_over_2 + 1]
                + data[p_aux0, : (dim_over_2 + 1 - idx * jdx)] * powfactors[jdx]
            )

    return data[p_aux1]


@jax.jit
def _loop_hafnian(A):
    if len(A) % 2 == 1:
        # NOTE: If the ijnput matrix `A` has an odd dimension, e.g. 7x7, then the matrix
        # should be padded to an even dimension, to e.g. 8x8.
        A = jnp.pad(A, pad_width=((1, 0), (1, 0)))
        A[0, 0] = 1.0

    degree = A.shape[0] // 2

    if degree == 0:
        return 1.0

    ret = 0.0

    size = 2**degree

    def body_fun(permutation_idx, ret):
        prefact = 1

        delta = jnp.empty(degree, dtype=int)

        def func_delta(i, args):
            j, delta = args
            delta = delta.at[i].set(2 * (j % 2) - 1)

            return j // 2, delta

        delta = jax.lax.fori_loop(0, degree, func_delta, (permutation_idx, delta))[1]

        prefact = jnp.prod(delta)

        O = jnp.zeros(shape=(degree, degree), dtype=A.dtype)
        diag_delta = jnp.diag(delta)
        X_delta = jnp.block([[O, diag_delta], [diag_delta, O]])

        polynom_coefficients = _get_loop_polynom_coefficients(A, X_delta, degree)

        ret += prefact * _fG(polynom_coefficients)[degree]

        return ret

    ret = jax.lax.fori_loop(0, size, body_fun, ret)

    return ret / size


def _get_loop_polynom_coefficients(A, X_delta, degree):
    AX_delta = A @ X_delta

    eigenvalues, O = eig(AX_delta)

    Oinv = jnp.linalg.inv(O)

    v = jnp.diag(A)

    left = v @ X_delta @ O
    right = Oinv @ v.T

    def func(power):
        diags = jnp.diag(jnp.power(eigenvalues, power - 1))
        powertrace = jnp.sum(jnp.power(eigenvalues, power))
        return (powertrace / power + (left @ diags @ right)) / 2.0

    return jax.lax.map(func, jnp.arange(1, degree + 1))
