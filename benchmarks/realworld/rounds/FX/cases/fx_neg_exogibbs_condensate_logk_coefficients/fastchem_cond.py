# Source: https://github.com/HajimeKawahara/exogibbs/blob/134a2ce7038c7490add1b6c6fb4b6bad74f70c3e/src/exogibbs/presets/fastchem_cond.py
# Title: exogibbs/presets/fastchem_cond.py -- FastChem condensate preset
# Cut: only _build_chemical_setup (the jitted, vmapped log K(T) of the condensate species from
#      5-coefficient temperature segments) and its imports kept; the FastChem file parser and
#      the chemsetup builders removed.
from typing import List

import numpy as np
import jax.numpy as jnp
from jax import jit, vmap

from exogibbs.thermo.models import ChemicalSetup

_COEFFS_PER_SEGMENT = 5


def _build_chemical_setup(
    coeffs: jnp.ndarray,
    t_uppers: jnp.ndarray,
    segment_counts: jnp.ndarray,
    formula_matrix: np.ndarray,
    elements: List[str],
    species: List[str],
    element_vector_ref: jnp.ndarray,
) -> ChemicalSetup:
    coeffs = jnp.asarray(coeffs)
    t_uppers = jnp.asarray(t_uppers)
    segment_counts = jnp.asarray(segment_counts, dtype=jnp.int32)
    species_indices = jnp.arange(coeffs.shape[0])
    segment_idx = jnp.arange(t_uppers.shape[1])

    def select_coeffs(temp: jnp.ndarray) -> jnp.ndarray:
        valid = segment_idx[None, :] < segment_counts[:, None]
        candidate = temp <= t_uppers
        mask = jnp.where(valid, candidate, False)
        idx = jnp.argmax(mask, axis=1)
        return coeffs[species_indices, idx, :]

    def logk_at(temp: jnp.ndarray) -> jnp.ndarray:
        c = select_coeffs(temp)
        a1, a2, a3, a4, a5 = [c[:, i] for i in range(_COEFFS_PER_SEGMENT)]
        return a1 / temp + a2 * jnp.log(temp) + a3 + a4 * temp + a5 * temp * temp

    def hvector_func(T: jnp.ndarray) -> jnp.ndarray:
        T = jnp.asarray(T)
        if T.ndim == 0:
            return -logk_at(T)
        flat_t = T.reshape(-1)
        hvector = -vmap(logk_at)(flat_t)
        return hvector.reshape(T.shape + (hvector.shape[-1],))

    return ChemicalSetup(
        formula_matrix=formula_matrix,
        hvector_func=jit(hvector_func),
        elements=tuple(elements),
        species=tuple(species),
        element_vector_reference=element_vector_ref,
        metadata={"source": "fastchem v3.1.3", "dataset": "condensates"},
    )
