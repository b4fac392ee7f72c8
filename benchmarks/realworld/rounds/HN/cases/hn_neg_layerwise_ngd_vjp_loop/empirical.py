# Source: https://github.com/kazukiosawa/ngd_in_wide_nn/blob/1da1a708f8486c16010856d4b43c640b86a14893/jax-based/empirical.py
# Title: jax-based/empirical.py (NGD with exact/approximate Fisher via empirical NTK)
# Cut: kept _layer_wise_vjp and the block-diagonal / block-tri-diagonal NGD functions without damping;
#      the layer-wise NTK is taken as an argument instead of being built here; other variants dropped.
from functools import partial

from jax.api import vjp
import jax.numpy as np
import jax.scipy as sp
from jax.tree_util import tree_map


def solve(mat, vec, sym_pos=False):
  return sp.linalg.solve(mat, vec, sym_pos=sym_pos)


def _layer_wise_vjp(lw_vec, f, params, inputs):
  # TODO(kazukiosawa): use tree_map instead of for-loop
  fx = partial(f, inputs=inputs)
  _, f_vjp = vjp(fx, params)
  rst = []
  layer_id = 0
  for i, param in enumerate(params):
    if len(param) == 0:
      rst.append(())
      continue
    rst.append(f_vjp(lw_vec[layer_id])[0][i])
    layer_id += 1

  assert layer_id == len(lw_vec)

  return rst


def block_wise_natural_gradient_mse_fn(f, output_dimension, lw_ntk_fn, tri=False):

  def fl(gx):
    """Flatten loss gradient wrt fx."""
    return np.reshape(gx, (-1,))

  def ufl(gx):
    """Unflatten loss gradient wrt fx."""
    return np.reshape(gx, (-1, output_dimension))

  if not tri:
    """Natural gradient with block-diagonal FIM."""
    def diag_ng_fn(params, x, y):
      lw_g_dd = lw_ntk_fn(x, None, params)  # L x (N, N, C, C)
      gx = fl(f(params, x) - y)  # (NC,)
      lw_vec = tree_map(
        lambda g_dd: ufl(solve(g_dd, gx, sym_pos=True)), lw_g_dd)  # (L, N, C)

      del lw_g_dd, gx

      return _layer_wise_vjp(lw_vec, f, params, x)  # params.shape

    return diag_ng_fn

  def _prepare_tri_diagonal(params):
    n_layers = sum([len(param) > 0 for param in params])  # L
    T = np.tri(n_layers, n_layers, 1)  # (L, L)
    T = T * T.transpose()  # (L, L)
    return T, n_layers

  def tri_diag_ng_wo_damping_fn(params, x, y):
    """Natural gradient with block-tri-diagonal FIM without damping."""
    lw_g_dd = lw_ntk_fn(x, None, params)  # (L, N, N, C, C)
    gx = fl(f(params, x) - y)  # (NC,)
    T, n_layers = _prepare_tri_diagonal(params)

    ones = np.ones(n_layers)  # (L,)
    T_inv_dot_ones = solve(T, ones)  # (L,)

    lw_vec = []
    for g_dd, val in zip(lw_g_dd, T_inv_dot_ones):
      if val == 0:
        lw_vec.append(ufl(np.zeros_like(gx)))
      else:
        lw_vec.append(ufl(solve(g_dd, gx)) * val)

    del lw_g_dd, gx, T, ones, T_inv_dot_ones

    return _layer_wise_vjp(lw_vec, f, params, x)  # params.shape

  return tri_diag_ng_wo_damping_fn
