# Source: https://github.com/Justin-Tan/cymyc/blob/2039ea4349247317352e59d673444ad3865387fe/cymyc/alg_geo.py
# Title: cymyc/alg_geo.py (algebraic geometry helpers: pullbacks to complete intersection Calabi-Yaus)
# Cut: kept evaluate_poly, poincare_residue, project_to_codim and _pullbacks_cicy; docstrings dropped

import jax
import numpy as np  # original CPU-backed NumPy
import jax.numpy as jnp
from jax import grad, jit, jacfwd, vmap
from functools import partial
import math
import sympy as sp
from .utils import math_utils
from . import fubini_study


def evaluate_poly(points, monomials, coefficients):
    mono_eval = jnp.prod(jnp.power(points, monomials), axis=-1)
    return jnp.sum(coefficients * mono_eval, axis=-1)


def poincare_residue(dQdz, elim_idx):
    return 1./dQdz[elim_idx]


@partial(jit, static_argnums=(3,4,5,6,7))
def _pullbacks_cicy(p, dQdz_monomials, dQdz_coeffs, n_hyper, cy_dim, n_coords,
                    aux, cdtype=np.complex64):    

    inv_ones_mask = jnp.isclose(p, jax.lax.complex(1.,0.))
    total_mask = jnp.logical_not(inv_ones_mask)  # gives good dims on CY where true
    
    dQdz = jnp.stack([evaluate_poly(p, dm, dc) for (dm, dc) in 
                zip(dQdz_monomials, dQdz_coeffs)], axis=0)

    elim_idx = jnp.zeros(n_hyper, dtype=np.int32)
    elim_mask = jnp.zeros(n_coords, dtype=np.int32)
                       
    # iterate to ensure two different defining polys don't eliminate
    # the same ambient space coordinate.
    for i in range(n_hyper):
        elim_idx_i = jnp.argmax(jnp.abs(dQdz[i] * total_mask), axis=-1).astype(np.int32)
        elim_idx = elim_idx.at[i].set(elim_idx_i)
        elim_mask_i = (jnp.arange(n_coords) == elim_idx_i)
        total_mask *= ~elim_mask_i
        elim_mask += elim_mask_i
    
    good_coords_idx = jnp.nonzero(total_mask, size=cy_dim)[0]

    # build Jacobians of defining polys w.r.t. CY and eliminated coords
    jac_elim = jnp.zeros((n_hyper, n_hyper), dtype=cdtype)
    jac_cy = jnp.zeros((n_hyper, cy_dim), dtype=cdtype)
    for i in range(n_hyper):
         jac_elim = jac_elim.at[i].set(dQdz[i][elim_idx])
         jac_cy = jac_cy.at[i].set(dQdz[i][good_coords_idx])

    # implicit function theorem
    dPdu = - jnp.linalg.solve(jac_elim, jac_cy)

    dzdx = jnp.zeros((cy_dim, n_coords), dtype=cdtype)
    cy_coord_idx = jnp.nonzero(total_mask, size=cy_dim)[-1]
    _ones = jnp.ones(cy_dim, dtype=cdtype)
    dzdx = dzdx.at[jnp.arange(cy_dim),cy_coord_idx].set(_ones)

    for i in range(n_hyper):
        dzdx = dzdx.at[..., elim_idx[i]].set(dPdu[i,:])

    if aux is True:
        jac_codim = project_to_codim(dQdz, elim_mask, codim=n_hyper)
        if n_hyper == 1: 
            Omega = jnp.squeeze(poincare_residue(jnp.squeeze(dQdz), elim_idx))
        else:
            Omega = 1./jnp.linalg.det(jac_codim)

        return jnp.squeeze(dzdx), jnp.squeeze(Omega)
    return jnp.squeeze(dzdx)


def project_to_codim(A, mask, codim):
    return jnp.squeeze(A[:,jnp.nonzero(mask,size=codim)])
