# Source: https://github.com/David-Chemaly/KorgMAX/blob/ff9c78a174d41fc8247cf282985d3f112d7c441e/korg_jax/line_absorption.py
# Title: KorgMAX (korg_jax, JAX port of Korg.jl) -- korg_jax/line_absorption.py
# Cut: _line_absorption_single (one Voigt line on the grid) reduced to a stub; chunked kernel, chunk builder and
#      the per-layer vmap kept verbatim.
"""Line opacity computation (chunked vmap approach).

Ported from Korg.jl/src/line_absorption.jl.

Processes lines in chunks of ~500 via jax.vmap, accumulates into the
absorption array with jax.lax.scan over chunks.
"""
from __future__ import annotations

import math
import jax
import jax.numpy as jnp

# Default chunk size for processing lines
CHUNK_SIZE = 500


@jax.jit
def _line_absorption_single(wl_grid, line_wl, log_gf, E_lower, mass,
                            gamma_rad, gamma_stark, vdW_1, vdW_2, T, ne, nH_I, n_abs, xi,
                            is_molecule, alpha_cntm, cutoff_threshold):
    # (stub) windowed Voigt profile of one line
    sigma = line_wl * 1e-5
    return n_abs * 10**log_gf * jnp.exp(-0.5 * ((wl_grid - line_wl) / sigma) ** 2)


@jax.jit
def _line_absorption_chunks(wl_grid, wl_c, lgf_c, el_c, gr_c, gs_c, v1_c, v2_c, m_c,
                            mol_c, na_c, alpha_c,
                            T, ne, nH_I, xi, cutoff_threshold):
    """Compute line absorption with pre-chunked arrays for one layer."""
    n_chunks = wl_c.shape[0]
    n_wl = wl_grid.shape[0]

    # Process one chunk: vmap over lines within the chunk, sum contributions
    def process_chunk(chunk_data):
        (wl_ch, lgf_ch, el_ch, gr_ch, gs_ch, v1_ch, v2_ch, m_ch, na_ch, mol_ch, ac_ch) = chunk_data

        def single_line(lw, lg, el, gr, gs, v1, v2, m, na, mol, ac):
            return _line_absorption_single(
                wl_grid, lw, lg, el, m, gr, gs, v1, v2, T, ne, nH_I, na, xi,
                mol, ac, cutoff_threshold
            )

        alphas = jax.vmap(single_line)(
            wl_ch, lgf_ch, el_ch, gr_ch, gs_ch, v1_ch, v2_ch, m_ch, na_ch, mol_ch, ac_ch
        )
        return jnp.sum(alphas, axis=0)  # sum over lines in chunk

    # Scan over chunks, accumulating alpha
    def scan_fn(alpha_acc, chunk_idx):
        chunk_data = (wl_c[chunk_idx], lgf_c[chunk_idx], el_c[chunk_idx],
                      gr_c[chunk_idx], gs_c[chunk_idx], v1_c[chunk_idx],
                      v2_c[chunk_idx], m_c[chunk_idx], na_c[chunk_idx],
                      mol_c[chunk_idx], alpha_c[chunk_idx])
        alpha_chunk = process_chunk(chunk_data)
        return alpha_acc + alpha_chunk, None

    alpha, _ = jax.lax.scan(scan_fn, jnp.zeros(n_wl), jnp.arange(n_chunks))
    return alpha


def build_linelist_chunks(linelist_jax, chunk_size=CHUNK_SIZE):
    """Pre-chunk and pad a linelist for repeated fast absorption calls."""
    n_lines = len(linelist_jax['wl'])
    n_chunks = math.ceil(n_lines / chunk_size)
    n_padded = n_chunks * chunk_size
    pad = n_padded - n_lines

    def pad_arr(a):
        return jnp.concatenate([a, jnp.zeros(pad, dtype=a.dtype)])

    wl = pad_arr(linelist_jax['wl'])
    log_gf = pad_arr(linelist_jax['log_gf'])
    E_lower = pad_arr(linelist_jax['E_lower'])
    gamma_rad = pad_arr(linelist_jax['gamma_rad'])
    gamma_stark = pad_arr(linelist_jax['gamma_stark'])
    vdW_1 = pad_arr(linelist_jax['vdW_1'])
    vdW_2 = pad_arr(linelist_jax['vdW_2'])
    mass = pad_arr(linelist_jax['mass'])
    is_molecule = pad_arr(linelist_jax['is_molecule']).astype(jnp.bool_)

    def reshape(a):
        return a.reshape(n_chunks, chunk_size)

    return {
        "n_lines": n_lines,
        "chunk_size": chunk_size,
        "n_chunks": n_chunks,
        "pad": pad,
        "wl_c": reshape(wl),
        "lgf_c": reshape(log_gf),
        "el_c": reshape(E_lower),
        "gr_c": reshape(gamma_rad),
        "gs_c": reshape(gamma_stark),
        "v1_c": reshape(vdW_1),
        "v2_c": reshape(vdW_2),
        "m_c": reshape(mass),
        "mol_c": reshape(is_molecule),
    }




def line_absorption_layers(wl_grid, linelist_jax, T, ne, nH_I, n_absorbers, xi,
                           alpha_cntm_at_line=None, cutoff_threshold=3e-4,
                           chunk_size=CHUNK_SIZE, chunks=None):
    """Vectorized line absorption across layers.

    T, ne, nH_I: (n_layers,)
    n_absorbers: (n_layers, n_lines)
    xi: scalar or (n_layers,)
    alpha_cntm_at_line: (n_layers, n_lines) or None
    """
    if chunks is None:
        chunks = build_linelist_chunks(linelist_jax, chunk_size=chunk_size)
    n_lines = chunks["n_lines"]
    pad = chunks["pad"]
    chunk_size = chunks["chunk_size"]
    n_chunks = chunks["n_chunks"]

    n_abs = jnp.concatenate([n_absorbers, jnp.zeros((n_absorbers.shape[0], pad))], axis=1)
    if alpha_cntm_at_line is None:
        alpha_cntm_at_line = jnp.zeros((n_absorbers.shape[0], n_lines))
    alpha_cntm = jnp.concatenate([alpha_cntm_at_line, jnp.zeros((n_absorbers.shape[0], pad))], axis=1)

    # Reshape per-layer inputs to (n_layers, n_chunks, chunk_size)
    def reshape_layer(a):
        return a.reshape(a.shape[0], n_chunks, chunk_size)

    na_c = reshape_layer(n_abs)
    alpha_c = reshape_layer(alpha_cntm)

    T = jnp.asarray(T)
    ne = jnp.asarray(ne)
    nH_I = jnp.asarray(nH_I)
    xi = jnp.asarray(xi) if jnp.ndim(xi) > 0 else jnp.full_like(T, xi)

    def per_layer(t, ne_i, nH_i, xi_i, na_i, ac_i):
        return _line_absorption_chunks(
            jnp.asarray(wl_grid),
            chunks["wl_c"], chunks["lgf_c"], chunks["el_c"], chunks["gr_c"], chunks["gs_c"],
            chunks["v1_c"], chunks["v2_c"], chunks["m_c"], chunks["mol_c"],
            na_i, ac_i,
            t, ne_i, nH_i, xi_i, cutoff_threshold
        )

    return jax.vmap(per_layer)(T, ne, nH_I, xi, na_c, alpha_c)
