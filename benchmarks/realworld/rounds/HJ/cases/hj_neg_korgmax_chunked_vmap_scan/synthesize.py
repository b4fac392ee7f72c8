# Source: https://github.com/David-Chemaly/KorgMAX/blob/ff9c78a174d41fc8247cf282985d3f112d7c441e/korg_jax/synthesize.py
# Title: KorgMAX (korg_jax, JAX port of Korg.jl) -- korg_jax/synthesize.py, linelist preparation and line opacity call
# Cut: species bookkeeping, caching and the continuum/hydrogen phases cut; the linelist packing and the
#      line_absorption_layers call kept.
import numpy as np
import jax.numpy as jnp

from line_absorption import line_absorption_layers, build_linelist_chunks


def _prepare_linelist(linelist, species, chunk_size):
    linelist_jax = {
        "wl": jnp.asarray(linelist.wl),
        "log_gf": jnp.asarray(linelist.log_gf),
        "species_idx": jnp.zeros(linelist.n_lines, dtype=jnp.int32),
        "E_lower": jnp.asarray(linelist.E_lower),
        "gamma_rad": jnp.asarray(linelist.gamma_rad),
        "gamma_stark": jnp.asarray(linelist.gamma_stark),
        "vdW_1": jnp.asarray(linelist.vdW_1),
        "vdW_2": jnp.asarray(linelist.vdW_2),
        "mass": jnp.asarray([s.get_mass() for s in species]),
        "is_molecule": jnp.asarray([s.ismolecule() for s in species]),
    }
    chunks = build_linelist_chunks(linelist_jax, chunk_size=chunk_size)
    return linelist_jax, chunks


def line_phase(alpha, wls, linelist_jax, linelist_chunks, atm, n_e_vals, nH_I_vals,
               n_abs_matrix, xi_cms, alpha_cntm_at_lines, line_cutoff_threshold):
    alpha_lines = line_absorption_layers(
        jnp.asarray(wls.all_wls), linelist_jax,
        jnp.asarray(atm.temp), jnp.asarray(n_e_vals), jnp.asarray(nH_I_vals),
        jnp.asarray(n_abs_matrix), xi_cms,
        alpha_cntm_at_line=jnp.asarray(alpha_cntm_at_lines),
        cutoff_threshold=line_cutoff_threshold,
        chunks=linelist_chunks,
    )
    alpha = alpha + np.asarray(alpha_lines)
    return alpha
