# Source: https://github.com/astro-informatics/s2fft/blob/909e6f11c6b29ffcdaef6c5e055a3bc57addf297/s2fft/sampling/reindex.py
# Title: s2fft/sampling/reindex.py (parent of 6b0ee97a "Avoid unrolled for loops in reindexing functions")
# Cut: docstrings removed; the two HEALPix<->2D functions kept as written.
from functools import partial

import jax.numpy as jnp
from jax import jit


@partial(jit, static_argnums=(1))
def flm_hp_to_2d_fast(flm_hp: jnp.ndarray, L: int) -> jnp.ndarray:
    """Converts from HEALPix (healpy) indexed harmonic coefficients to 2D indexed
    coefficients (JAX)."""
    flm_2d = jnp.zeros((L, 2 * L - 1), dtype=jnp.complex128)

    for el in range(L):
        flm_2d = flm_2d.at[el, L - 1].set(flm_hp[el])
        m_array = jnp.arange(1, el + 1)
        hp_idx = m_array * (2 * L - 1 - m_array) // 2 + el
        flm_2d = flm_2d.at[el, L - 1 + m_array].set(flm_hp[hp_idx])
        flm_2d = flm_2d.at[el, L - 1 - m_array].set(
            (-1) ** m_array * jnp.conj(flm_hp[hp_idx])
        )

    return flm_2d


@partial(jit, static_argnums=(1))
def flm_2d_to_hp_fast(flm_2d: jnp.ndarray, L: int) -> jnp.ndarray:
    """Converts from 2D indexed harmonic coefficients to HEALPix (healpy) indexed
    coefficients (JAX)."""
    flm_hp = jnp.zeros(int(L * (L + 1) / 2), dtype=jnp.complex128)

    for el in range(L):
        m_array = jnp.arange(el + 1)
        hp_idx = m_array * (2 * L - 1 - m_array) // 2 + el
        flm_hp = flm_hp.at[hp_idx].set(flm_2d[el, L - 1 + m_array])

    return flm_hp
