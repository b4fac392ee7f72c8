# Source: https://github.com/NobuhiroMoteki/NdimSpline_JAX/blob/9676e494e9f488018f9e0569456b7d5761722a52/ndim_spline_jax/interpolant.py
# Title: NdimSpline_JAX, ndim_spline_jax/interpolant.py ("N-dimensional natural cubic spline interpolant with localized evaluation")
# Cut: module docstring dropped, function docstrings shortened to one line and some explanatory comments removed; code unchanged.

import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
from jax import lax
from functools import partial


def _basis_fn(t: jnp.ndarray) -> jnp.ndarray:
    """Cardinal B-spline basis function (C2 continuous)."""
    return lax.cond(
        t <= 1.0,
        lambda t: 4.0 - 6.0 * t**2 + 3.0 * t**3,
        lambda t: (2.0 - t) ** 3,
        t,
    ) * jnp.heaviside(2.0 - t, 1.0)


def _local_index_and_basis(x_d: jnp.ndarray, a_d: jnp.ndarray,
                            h_d: jnp.ndarray, n_d: jnp.ndarray) -> tuple:
    """Compute the local starting index and 4 basis function values for one dimension."""
    u = (x_d - a_d) / h_d

    interval = jnp.clip(jnp.floor(u).astype(jnp.int64), 0, n_d - 1)

    start_idx = interval  # 0-based index into coefficient array

    # Compute 4 basis function values
    local_u = u - interval.astype(jnp.float64)  # fractional position within interval, in [0,1)

    basis_vals = jnp.array([
        _basis_fn(jnp.abs(local_u + 1.0)),    # k=0: t = |local_u + 1|
        _basis_fn(jnp.abs(local_u)),           # k=1: t = |local_u|
        _basis_fn(jnp.abs(local_u - 1.0)),     # k=2: t = |local_u - 1|
        _basis_fn(jnp.abs(local_u - 2.0)),     # k=3: t = |local_u - 2|
    ])

    return start_idx, basis_vals


def make_interpolant(a, b, n, c):
    """Create an N-dimensional spline interpolant function."""
    a = jnp.array(a, dtype=jnp.float64)
    b = jnp.array(b, dtype=jnp.float64)
    n = jnp.array(n, dtype=jnp.int64)
    c = jnp.array(c, dtype=jnp.float64)
    h = (b - a) / n
    ndim = a.shape[0]

    def s(x):
        x = jnp.asarray(x, dtype=jnp.float64)

        # Compute local indices and basis values for each dimension
        starts = []
        basis_list = []
        for d in range(ndim):
            start_d, basis_d = _local_index_and_basis(x[d], a[d], h[d], n[d])
            starts.append(start_d)
            basis_list.append(basis_d)

        # Extract local 4^N coefficient block using dynamic_slice
        start_indices = tuple(starts)
        slice_sizes = tuple([4] * ndim)
        c_local = lax.dynamic_slice(c, start_indices, slice_sizes)

        # Tensor contraction: sum over all 4^N terms
        # c_local[k0, k1, ..., k_{N-1}] * basis_list[0][k0] * ... * basis_list[N-1][k_{N-1}]
        # This is equivalent to a sequence of tensor-vector products (einsum)
        result = c_local
        for d in range(ndim):
            result = jnp.tensordot(result, basis_list[d], axes=([0], [0]))

        return result

    return s

