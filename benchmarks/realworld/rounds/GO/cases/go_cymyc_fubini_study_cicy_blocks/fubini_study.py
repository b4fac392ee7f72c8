# Source: https://github.com/Justin-Tan/cymyc/blob/2039ea4349247317352e59d673444ad3865387fe/cymyc/fubini_study.py
# Title: cymyc/fubini_study.py (Fubini-Study metric on products of projective spaces)
# Cut: kept the homogeneous FS metric, its pullback to a complete intersection (loop over projective factors) and the determinant wrapper; docstrings dropped

import os
import jax
import jax.numpy as jnp
import numpy as np
from jax import jit
from functools import partial
from numpy.typing import DTypeLike
from typing import Callable, Sequence
from jaxtyping import Array, Float, Complex, ArrayLike
from . import alg_geo
from .utils import math_utils


@partial(jit, static_argnums=(2,))
def fubini_study_metric_homo(p: Float[Array, "i"], normalization: Complex = jax.lax.complex(1.,0.), cdtype: DTypeLike = np.complex64):

    # Inhomogeneous coords
    complex_dim = p.shape[-1]//2
    zeta = jax.lax.complex(p[:complex_dim],
                           p[complex_dim:])
    zeta_bar = jnp.conjugate(zeta)
    zeta_sq = jnp.sum(zeta * zeta_bar)
    
    zeta_outer = jnp.einsum('...i,...j->...ij', zeta_bar, zeta)
    delta_mn = jnp.eye(complex_dim, dtype=cdtype) 

    g_FS = jnp.divide(delta_mn * zeta_sq - zeta_outer, jnp.square(zeta_sq))
    
    return g_FS * normalization / jnp.pi


@partial(jit, static_argnums=(2,3,5))
def fubini_study_metric_homo_pb_cicy(p: Float[Array, "i"], pullbacks: Complex[Array, "cy_dim i"], n_coords : int,
                                     ambient : tuple, k_moduli: Array = None, cdtype: DTypeLike = np.complex64):

    p = math_utils.to_complex(p)
    g_FS = jnp.zeros((n_coords, n_coords), dtype=cdtype)

    if k_moduli is None: k_moduli = jnp.ones_like(np.array(ambient), dtype=cdtype)

    for i in range(len(ambient)):
        s, e = np.sum(ambient[:i]).astype(np.int32) + i, np.sum(ambient[:i+1]) + i + 1
        p_ambient_i_homo = math_utils.to_real(jax.lax.dynamic_slice(p, (s,), (e-s,)))
        g_FS_ambient_i_homo = fubini_study_metric_homo(p_ambient_i_homo, k_moduli[i], cdtype=cdtype)
        g_FS = jax.lax.dynamic_update_slice(g_FS, g_FS_ambient_i_homo, (s,s))

    g_FS_pb = jnp.einsum('...ia,...ab,...jb->...ij', pullbacks, g_FS,
        jnp.conjugate(pullbacks))

    return g_FS_pb


@partial(jit, static_argnums=(2,3,5))
def det_fubini_study_pb_cicy(p, pullbacks, n_coords, ambient, k_moduli=None, cdtype=np.complex64):
    # r"""Wrapper function for determinant of output of fubini_study_metric_homo_pb_cicy.
    # """
    g_FS_pb = fubini_study_metric_homo_pb_cicy(p, pullbacks, n_coords, ambient, k_moduli, cdtype)
    det_pb = jnp.linalg.det(jnp.squeeze(g_FS_pb))
    return jnp.real(det_pb)
