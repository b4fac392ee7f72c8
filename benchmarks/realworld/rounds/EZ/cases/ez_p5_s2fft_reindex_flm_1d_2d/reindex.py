# Source: https://github.com/astro-informatics/s2fft/blob/909e6f11c6b29ffcdaef6c5e055a3bc57addf297/s2fft/sampling/reindex.py
# Title: s2fft/sampling/reindex.py (parent of 6b0ee97a "Avoid unrolled for loops in reindexing functions")
# Cut: docstrings removed; the two 1D<->2D functions kept as written.
from functools import partial

import jax.numpy as jnp
from jax import jit


@partial(jit, static_argnums=(1))
def flm_1d_to_2d_fast(flm_1d: jnp.ndarray, L: int) -> jnp.ndarray:
    """Convert from 1D indexed harmnonic coefficients to 2D indexed coefficients (JAX)."""
    flm_2d = jnp.zeros((L, 2 * L - 1), dtype=jnp.complex128)
    els = jnp.arange(L)
    offset = els**2 + els
    for el in range(L):
        m_array = jnp.arange(-el, el + 1)
        flm_2d = flm_2d.at[el, L - 1 + m_array].set(flm_1d[offset[el] + m_array])
    return flm_2d


@partial(jit, static_argnums=(1))
def flm_2d_to_1d_fast(flm_2d: jnp.ndarray, L: int) -> jnp.ndarray:
    """Convert from 2D indexed harmonic coefficients to 1D indexed coefficients (JAX)."""
    flm_1d = jnp.zeros(L**2, dtype=jnp.complex128)
    els = jnp.arange(L)
    offset = els**2 + els
    for el in range(L):
        m_array = jnp.arange(-el, el + 1)
        flm_1d = flm_1d.at[offset[el] + m_array].set(flm_2d[el, L - 1 + m_array])
    return flm_1d
