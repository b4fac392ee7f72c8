# Source: https://github.com/Justin-Tan/cymyc/blob/2039ea4349247317352e59d673444ad3865387fe/cymyc/approx/losses.py
# Title: cymyc/approx/losses.py (objective functions and diagnostics for Ricci-flat metrics on Calabi-Yaus)
# Cut: kept monge_ampere_loss, objective_function_ricci and the loss_breakdown diagnostic; docstrings dropped

import jax
import numpy as np  # original CPU-backed NumPy
import jax.numpy as jnp
from jax import jit, jacfwd, vmap
from functools import partial
from jaxtyping import Array, Float, Complex, ArrayLike
from typing import Callable, Mapping, Union, Tuple, Optional
from . import measures
from .. import alg_geo, chern_gauss_bonnet, curvature, fubini_study
from ..utils import math_utils


@partial(jit, static_argnums=(2,3))
def monge_ampere_loss(g_pred: Complex[Array, "cy_dim cy_dim"], dVol_Omega: Float[Array, ""], 
                      kappa: float = 1., norm_order: float = 1.) -> jnp.ndarray:
    det_g = jnp.real(jnp.linalg.det(g_pred))
    r = det_g / dVol_Omega 

    return jnp.abs(1. - 1./kappa * r)**norm_order


@partial(jit, static_argnums=(2,3))
def objective_function_ricci(data: Tuple[ArrayLike, ArrayLike, ArrayLike], 
                             params: Mapping[str, Array],
                             metric_fn: Callable[[ArrayLike], jnp.ndarray], 
                             pb_fn: Callable[[ArrayLike], jnp.ndarray]) -> jnp.ndarray:
    p, weights, _ = data
    metric_fn = jax.tree_util.Partial(metric_fn, params=params)
    pb = vmap(pb_fn)(math_utils.to_complex(p))
    ricci_tensor, R, g_pred = vmap(ricci_tensor_loss, in_axes=(0,None,0,None))(p, metric_fn, pb, True)
    loss = jnp.linalg.norm(jnp.abs(ricci_tensor - 0.5 * g_pred * jnp.expand_dims(R, axis=(-1,-2)))) / np.prod(ricci_tensor.shape[1:])

    return jnp.mean(loss * weights)  # probably should norm this.


def loss_breakdown(data, params, metric_fn, g_FS_fn, kappa=None,
        canonical_vol=None):
    p, weights, dVol_Omega = data

    # full closure for \del \bar{\del} operations
    metric_fn = jax.tree_util.Partial(metric_fn, params=params)
        
    g_FS_ambient, pullbacks = vmap(g_FS_fn)(p)
    g_FS_pb = jnp.einsum('...ia,...ab,...jb->...ij', pullbacks, g_FS_ambient, jnp.conjugate(pullbacks))

    g_pred = vmap(metric_fn)(p)
    cy_dim = g_pred.shape[-1]
    det_g_pred = jnp.real(jnp.linalg.det(g_pred))

    if kappa is None:
        kappa = jax.lax.stop_gradient(kappa_estimate(det_g_pred, weights, dVol_Omega))

    ma_loss = vmap(monge_ampere_loss, in_axes=(0,0,None))(g_pred, dVol_Omega, kappa)

    k_loss = vmap(kahler_loss, in_axes=(0,0,None))(p, pullbacks, metric_fn)
    v_loss = volume_loss(data, g_FS_pb, g_pred)
    vol_CY = jnp.mean(weights / dVol_Omega * det_g_pred) # prefactor is choice of convention
    vol_Omega = jnp.mean(weights)
    _sigma_measure = measures.sigma_measure(data, metric_fn)

    # Chunk Hessian computations - large batch sizes OOM on GPU
    n_chunks = 4
    data_chunked = jax.tree_util.tree_map(partial(lambda n, x: jnp.array_split(x, n), n_chunks), (*data, pullbacks))
    _p, _w, _dVol_Omega, _pb = data_chunked
    ricci_tensor, chi_form, n = [], 0., 0
    S_chi_form = 0.

    for i in range(n_chunks):
        B = _p[i].shape[0]
        _data = (_p[i], _w[i], _dVol_Omega[i])
        _ricci_tensor = -1.j * vmap(curvature.ricci_form_kahler, in_axes=(0,None,0))(_p[i], metric_fn, _pb[i])
        _ricci_measure = measures.ricci_measure(_data, _pb[i], metric_fn, cy_dim)
        
        # no Pfaffian
        _chi_form_integrand = vmap(chern_gauss_bonnet.euler_characteristic_form, in_axes=(0,0,None,None))(
                _data, _pb[i], metric_fn, cy_dim)
        _chi_form = jnp.mean(_chi_form_integrand)
        S_chi_form_i = jnp.mean(jnp.square(_chi_form_integrand - _chi_form), axis=0)

        chi_form, S_chi_form = math_utils.online_update_array(chi_form, _chi_form, n, B, S_chi_form, S_chi_form_i)
        ricci_tensor.append(_ricci_tensor)
        n += B

    chi_form = chi_form * canonical_vol / vol_CY
    g_inv = jnp.linalg.inv(g_pred)
    ricci_tensor = jnp.vstack(ricci_tensor)
    R = jnp.real(jnp.einsum('...ij, ...ji->...', g_inv, ricci_tensor))
    ricci_tensor_norm = jnp.mean(vmap(jnp.linalg.norm)(ricci_tensor)) / np.prod(ricci_tensor.shape[1:])
    einstein_tensor_norm = jnp.linalg.norm(jnp.abs(ricci_tensor - 0.5 * g_pred * jnp.expand_dims(R, axis=(-1,-2)))) \
        / np.prod(ricci_tensor.shape[1:])

    return {'einstein_norm': jnp.mean(einstein_tensor_norm * weights), 
            'monge_ampere_loss': jnp.mean(ma_loss * weights),
            'ricci_tensor_norm': ricci_tensor_norm, 'chi_form': chi_form,
            'kahler_loss': k_loss.mean(), 'ricci_scalar': R.mean(), 'det_g': det_g_pred.mean(),
            'vol_loss': v_loss.mean(), 'vol_CY': vol_CY, 'vol_Omega': vol_Omega,
            'sigma_measure': _sigma_measure, 'ricci_measure': _ricci_measure}
