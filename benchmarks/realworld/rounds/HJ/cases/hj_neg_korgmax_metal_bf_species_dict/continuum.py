# Source: https://github.com/David-Chemaly/KorgMAX/blob/ff9c78a174d41fc8247cf282985d3f112d7c441e/korg_jax/continuum_absorption/__init__.py
# Title: KorgMAX (korg_jax, JAX port of Korg.jl) -- korg_jax/continuum_absorption/__init__.py, total_continuum_absorption_layers
# Cut: the H-, H2+, He- and scattering terms cut; the layer-batched entry and the metal bound-free call kept.
import numpy as np
import jax.numpy as jnp

from metals import metal_bf_absorption_layers


def total_continuum_absorption_layers(nus, T_arr, ne_arr, number_densities, partition_funcs):
    """Vectorised total continuum absorption over all atmosphere layers.

    Returns
    -------
    alpha : (n_layers, n_freq) linear absorption coefficient
    """
    nus    = np.asarray(nus,    dtype=np.float64)
    T_arr  = np.asarray(T_arr,  dtype=np.float64)
    ne_arr = np.asarray(ne_arr, dtype=np.float64)
    n_layers = len(T_arr)
    n_freq   = len(nus)

    alpha = jnp.zeros((n_layers, n_freq))
    # (cut) hydrogenic, H-, He-, Rayleigh and Thomson terms, all batched over layers
    alpha = alpha + metal_bf_absorption_layers(nus, T_arr, number_densities)
    return alpha
