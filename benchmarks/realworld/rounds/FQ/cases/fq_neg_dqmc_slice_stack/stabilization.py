# Source: https://github.com/makskliczkowski/pyqusolver/blob/604fb3d915ce8074523d9af6f0cb1150c747c8c0/Python/QES/pydqmc/stabilization.py
# Title: Python/QES/pydqmc/stabilization.py (numerically stable Green's-function updates for DQMC)
# Cut: the localized Woodbury updates and propagation helpers cut; the NumPy references and the
#      jitted lax.scan stack products kept; the udt import made absolute.
from __future__ import annotations

import numpy as np
import jax
import jax.numpy as jnp
from jax import config, lax
from functools import partial

from QES.general_python.algebra.utilities import udt

config.update("jax_enable_x64", True)

def calculate_green_stable_numpy(Bs: np.ndarray, n_stable: int = 10) -> np.ndarray:
    """
    Stable NumPy/SciPy reference for `G = (I + B_M ... B_1)^{-1}`.

    This path is not the hot Monte Carlo kernel.  It exists so that tests and
    debugging can use pivoted QR, which is the preferred stabilization strategy
    from the DQMC literature for robust reference calculations.
    """
    Bs = np.asarray(Bs)
    n_stable = max(1, int(n_stable))
    n_slices = Bs.shape[0]
    dim = Bs.shape[1]

    state = udt.UDTState(
        U=np.eye(dim, dtype=Bs.dtype),
        D=np.ones((dim,), dtype=Bs.dtype),
        T=np.eye(dim, dtype=Bs.dtype),
    )

    def multiply_group(group_Bs: np.ndarray) -> np.ndarray:
        """Multiply one stabilization window into the ordered product ``B_n ... B_1``."""
        group_product = np.eye(dim, dtype=Bs.dtype)
        for idx in range(group_Bs.shape[0]):
            group_product = group_Bs[idx] @ group_product
        return group_product

    for start in range(0, n_slices, n_stable):
        group = Bs[start : start + n_stable]
        state = udt.udt_fact_mult_pivoted(multiply_group(group), state)
    return udt.udt_inv_1p(state, backend="numpy")


@partial(jax.jit, static_argnames=("n_stable",))
def calculate_green_stable(Bs, n_stable):
    """Reconstruct ``G = (I + B_M ... B_1)^{-1}`` from a stack of slice matrices (M, N, N)."""
    n_stable = max(1, int(n_stable))
    n_slices = Bs.shape[0]
    dim = Bs.shape[1]

    num_groups = n_slices // n_stable
    remainder = n_slices % n_stable

    def multiply_group(group_Bs):
        """Multiply one JAX stabilization window into the ordered product ``B_n ... B_1``."""
        # Compute ``B_group = B_n ... B_1`` inside one stabilization window.
        def mult_step(mat, idx):
            """Left-multiply the next slice matrix into the running block product."""
            return group_Bs[idx] @ mat, None

        group_product, _ = lax.scan(
            mult_step,
            jnp.eye(dim, dtype=Bs.dtype),
            jnp.arange(group_Bs.shape[0]),
        )
        return group_product

    def group_step(carry, group_idx):
        """Accumulate one stabilization window into the running UDT factorization."""
        group_start = group_idx * n_stable
        group_Bs = lax.dynamic_slice(Bs, (group_start, 0, 0), (n_stable, dim, dim))
        group_product = multiply_group(group_Bs)
        return udt.udt_fact_mult(group_product, carry, backend="jax"), None

    initial_state = udt.UDTState(
        U=jnp.eye(dim, dtype=Bs.dtype),
        D=jnp.ones((dim,), dtype=Bs.dtype),
        T=jnp.eye(dim, dtype=Bs.dtype),
    )
    final_state, _ = lax.scan(group_step, initial_state, jnp.arange(num_groups))

    if remainder > 0:
        rem_Bs = lax.dynamic_slice(Bs, (num_groups * n_stable, 0, 0), (remainder, dim, dim))
        final_state = udt.udt_fact_mult(
            multiply_group(rem_Bs),
            final_state,
            backend="jax",
        )

    return udt.udt_inv_1p(final_state, backend="jax")

@jax.jit
def stack_product(Bs):
    """Form the ordered DQMC slice product ``B_M ... B_1`` for one channel."""
    dim = Bs.shape[1]

    def mult_step(mat, idx):
        """Left-multiply one slice matrix into the ordered stack product."""
        return Bs[idx] @ mat, None

    product, _ = lax.scan(
        mult_step,
        jnp.eye(dim, dtype=Bs.dtype),
        jnp.arange(Bs.shape[0]),
    )
    return product


def stack_product_numpy(Bs: np.ndarray) -> np.ndarray:
    """
    NumPy reference for the ordered slice product ``B_M ... B_1``.
    """
    Bs = np.asarray(Bs)
    dim = Bs.shape[1]
    product = np.eye(dim, dtype=Bs.dtype)
    for idx in range(Bs.shape[0]):
        product = Bs[idx] @ product
    return product
