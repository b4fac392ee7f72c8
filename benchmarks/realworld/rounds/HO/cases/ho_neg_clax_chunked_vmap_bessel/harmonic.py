# Source: https://github.com/smsharma/clax/blob/81bd2c6cc689cfcc4e6a3a40a1e5d8ad3ffb1256/clax/harmonic.py
# Title: clax/harmonic.py (_chunked_vmap and the exact E-mode Bessel transfer function)
# Cut: everything but _chunked_vmap and _exact_transfer_ee removed; imports trimmed to those used.
import functools

import jax
import jax.numpy as jnp

from clax.bessel import spherical_jl_backward


def _chunked_vmap(fn, n, chunk_size=2000):
    """Apply fn via vmap in chunks to avoid GPU OOM.

    Args:
        fn: function mapping index -> scalar
        n: total number of elements
        chunk_size: max elements per vmap batch
    Returns:
        array of shape (n,)
    """
    if n <= chunk_size:
        return jax.vmap(fn)(jnp.arange(n))
    results = []
    for start in range(0, n, chunk_size):
        end = min(start + chunk_size, n)
        chunk = jax.vmap(fn)(jnp.arange(start, end))
        results.append(chunk)
    return jnp.concatenate(results)



@functools.partial(jax.jit, static_argnums=(5,))
def _exact_transfer_ee(source_E, tau_grid, k_grid, chi_grid, dtau_mid, l):
    """Exact Bessel transfer function E_l(k) for E-mode polarization."""
    l_int = int(l)
    l_fl = float(l)
    prefactor = jnp.sqrt(l_fl * (l_fl + 1.0) * (l_fl - 1.0) * (l_fl + 2.0))

    def transfer_single_k(ik):
        k = k_grid[ik]
        x = k * chi_grid
        jl = spherical_jl_backward(l_int, x)
        x_safe = jnp.where(jnp.abs(x) < 1e-30, 1e-30, x)
        radial_E = jl / (x_safe * x_safe)
        return prefactor * jnp.sum(source_E[ik, :] * radial_E * dtau_mid)

    return _chunked_vmap(transfer_single_k, len(k_grid))
