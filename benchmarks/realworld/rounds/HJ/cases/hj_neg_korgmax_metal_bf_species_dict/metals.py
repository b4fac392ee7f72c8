# Source: https://github.com/David-Chemaly/KorgMAX/blob/ff9c78a174d41fc8247cf282985d3f112d7c441e/korg_jax/continuum_absorption/metals.py
# Title: KorgMAX (korg_jax, JAX port of Korg.jl) -- korg_jax/continuum_absorption/metals.py, metal_bf_absorption_layers
# Cut: HDF5 table loading and the bilinear interpolation body reduced; the per-species accumulation kept verbatim.
import numpy as np
import jax.numpy as jnp

from species import Species, Formula


def _load_metal_bf_tables():
    """Return {Species: (nu_grid, logT_grid, log_sigma)}; each species has its own grid sizes."""
    raise NotImplementedError  # (cut) reads bf_cross-sections.h5


def _bilinear_interp_layers(nus, logT, nu_grid, logT_grid, log_sigma):
    # (cut) bilinear interpolation of one species table at (nus x layers)
    ix = jnp.clip(jnp.searchsorted(nu_grid, nus) - 1, 0, len(nu_grid) - 2)
    iy = jnp.clip(jnp.searchsorted(logT_grid, logT) - 1, 0, len(logT_grid) - 2)
    return log_sigma[ix[None, :], iy[:, None]]


try:
    _metal_bf_data = _load_metal_bf_tables()
except Exception:
    _metal_bf_data = None

# JAX versions of the metal bf tables (transferred to device once at import)
if _metal_bf_data is not None:
    _metal_bf_data_jnp = {
        spec: (jnp.asarray(nu_g), jnp.asarray(logT_g), jnp.asarray(log_s))
        for spec, (nu_g, logT_g, log_s) in _metal_bf_data.items()
    }
else:
    _metal_bf_data_jnp = None


_H_I_metals  = Species(Formula.from_Z(1), 0)
_He_I_metals = Species(Formula.from_Z(2), 0)
_H_II_metals = Species(Formula.from_Z(1), 1)


def metal_bf_absorption_layers(nus, T, number_densities):
    """Batch metal bf: T is (n_layers,), densities are arrays. Returns (n_layers, n_freq)."""
    if _metal_bf_data_jnp is None:
        return jnp.zeros((len(T), len(nus)))

    nus  = jnp.asarray(nus)
    T    = jnp.asarray(T, dtype=jnp.float64)
    logT = jnp.log10(T)   # (n_layers,)
    alpha = jnp.zeros((len(T), len(nus)))

    for spec, data in _metal_bf_data_jnp.items():
        if spec in (_H_I_metals, _He_I_metals, _H_II_metals):
            continue
        n_spec = number_densities.get(spec, None)
        if n_spec is None:
            continue
        n_spec = jnp.asarray(n_spec, dtype=jnp.float64)   # (n_layers,)
        if jnp.all(n_spec == 0.0):
            continue

        nu_grid, logT_grid, log_sigma = data
        log_sigma_vals = _bilinear_interp_layers(nus, logT, nu_grid, logT_grid, log_sigma)
        mask = jnp.isfinite(log_sigma_vals)
        safe_log_n = jnp.where(n_spec > 0, jnp.log(jnp.maximum(n_spec, 1e-300)),
                                jnp.full_like(n_spec, -jnp.inf))
        alpha = alpha + jnp.where(
            mask & (n_spec[:, None] > 0),
            jnp.exp(safe_log_n[:, None] + log_sigma_vals) * 1e-18,
            0.0,
        )

