# Source: https://github.com/Molecolab-Pisa/moldex/blob/ffeb6c060ffefbf16cd4f1034a5124af6b8f0b02/moldex/descriptors/coulomb_matrix.py
# Title: moldex/descriptors/coulomb_matrix.py (Coulomb-matrix descriptor with custom JVP for MD frames)
# Cut: custom_jvp tangent rules removed (plain element kept); _coulomb_matrix (lax.scan by rows) and
#      _coulomb_matrix_offdiag (nested fori_loop scatter) kept as written; the two module-level jit/jacrev
#      lines at the end are reconstructed usage (the docstrings say first derivatives are supported).
from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import custom_jvp, jit, vmap
from jax.typing import ArrayLike
from jax import Array


def _cm_matrix_element(
    x1: ArrayLike, z1: ArrayLike, x2: ArrayLike, z2: ArrayLike
) -> Array:
    """matrix element of coulomb matrix

    This function computes a single matrix element of
    the inverse distance matrix. x1 and x2 are intended
    to be single samples.

    Args:
        x1: first input, shape (n_features,)
        z1: charges of first input, shape (1,)
        x2: second input, shape (n_features,)
        z2: charges of second input, shape (1,)
    Returns:
        mat_element: matrix element, shape ()
    """
    norm = jnp.linalg.norm(x1 - x2)
    not_zero = norm > 1e-20
    return jnp.where(not_zero, (z1 * z2) / norm, 0.5 * jax.lax.abs(z1) ** 2.4)



@jit
def _coulomb_matrix(
    x1: ArrayLike, z1: ArrayLike, x2: ArrayLike, z2: ArrayLike
) -> Array:
    # This is a vectorized version of the basic
    # function along the first dimension (samples)
    # of the third and fourth inputs
    row_func = vmap(_cm_matrix_element, in_axes=(None, None, 0, 0))

    def update_func(carry, pair):
        x1s, z1s = pair
        row = row_func(x1s, z1s, x2, z2)
        return carry, row

    # Coulomb matrix built one row at a time
    _, cm = jax.lax.scan(update_func, 0, (x1, z1))

    return cm



def _coulomb_matrix_offdiag(x1: ArrayLike, z1: ArrayLike) -> Array:
    # This function computes only the off-diagonal elements of
    # the coulomb matrix. The output is a 1-D array with the
    # upper triangular part.
    n1, _ = x1.shape
    cm = jnp.zeros((int(n1 * (n1 - 1) / 2)))

    def row_scan(i, cm):
        def inner_func(j, cm):
            k = (n1 * (n1 - 1) / 2) - (n1 - i) * ((n1 - i) - 1) / 2 + j - i - 1
            cm = cm.at[k.astype(int)].set(
                _cm_matrix_element(x1[i], z1[i], x1[j], z1[j])
            )
            return cm

        return jax.lax.fori_loop(i + 1, n1, inner_func, cm)

    cm = jax.lax.fori_loop(0, n1 - 1, row_scan, cm)

    return cm


coulomb_matrix_offdiag = jit(_coulomb_matrix_offdiag)
coulomb_matrix_offdiag_jacobian = jit(jax.jacrev(_coulomb_matrix_offdiag))
