# Source: https://github.com/kazukiosawa/ngd_in_wide_nn/blob/1da1a708f8486c16010856d4b43c640b86a14893/jax-based/empirical.py
# Title: jax-based/empirical.py (NGD with exact/approximate Fisher via empirical NTK)
# Cut: kept the damping solver, the unit-wise NTK, _unit_wise_vjp and unit_wise_natural_gradient_mse_fn;
#      dropped the full/layer-wise NGD variants, flatten_features, the rng-key handling of ntk_fn and the
#      x2 branch (x2 is always None here).
from functools import partial

from jax.api import jacobian
from jax.api import vjp
import jax.numpy as np
import jax.scipy as sp
from jax.tree_util import tree_map
from jax.tree_util import tree_multimap
from jax.ops import index, index_update


def _add_damping(covariance, damping=0., diag_reg=0.):
  dimension = covariance.shape[0]
  if damping > 0:
    covariance += damping * np.eye(dimension)
  if diag_reg > 0:
    reg = np.trace(covariance) / dimension
    covariance += diag_reg * reg * np.eye(dimension)
  return covariance + damping * np.eye(dimension)


def solve_w_damping(mat, vec, damping, diag_reg, sym_pos=False):
  mat = _add_damping(mat, damping, diag_reg)
  return sp.linalg.solve(mat, vec, sym_pos=sym_pos)


def get_solver_by_damping_value(damping, diag_reg=0.):
  return partial(solve_w_damping, damping=damping, diag_reg=diag_reg)


def empirical_direct_unit_wise_ntk_fn(f):

  def just_contract(j1, j2):
    def contract(x, y):
      x = np.transpose(x, (-1,) + tuple(range(x.ndim - 1)))
      y = np.transpose(y, (-1,) + tuple(range(y.ndim - 1)))
      return np.einsum('mic...,mjk...->mijck', x, y)

    return tree_multimap(contract, j1, j2)

  def ntk_fn(x1, x2, params, keys=None):
    jac_fn1 = jacobian(f)
    j1 = jac_fn1(params, x1)
    j2 = j1
    ntk_list = just_contract(j1, j2)
    uw_ntk = [list(np.sum(np.array(ntk), axis=0))
              for ntk in ntk_list
              if len(ntk) > 0]  # (L, M, N, N, C, C)
    return uw_ntk

  return ntk_fn


def _unit_wise_vjp(uw_vec, f, params, inputs):
  fx = partial(f, inputs=inputs)
  _, f_vjp = vjp(fx, params)
  rst = []
  layer_id = 0
  # TODO(kazukiosawa): use tree_map instead of for-loop
  for i, param in enumerate(params):
    if len(param) == 0:
      rst.append(())
      continue
    n_units = param[0].shape[-1]
    if len(param) > 1:
      for j in range(1, len(param)):
        assert n_units == param[j].shape[-1]

    vec = [np.zeros_like(p) for p in param]
    for unit_id in range(n_units):
      _vec = f_vjp(uw_vec[layer_id][unit_id])[0][i]
      for j, (v, _v) in enumerate(zip(vec, _vec)):
        if v.ndim == 2:
            vec[j] = index_update(v, index[:, unit_id], _v[:, unit_id])
        else:
            vec[j] = index_update(v, unit_id, _v[unit_id])
    rst.append(tuple(vec))

    layer_id += 1

  assert layer_id == len(uw_vec)

  return rst


def unit_wise_natural_gradient_mse_fn(f, output_dimension, damping=0.):

  # TODO(kazukiosawa): support neural_tangents.batch

  def fl(gx):
    """Flatten loss gradient wrt fx."""
    return np.reshape(gx, (-1,))

  def ufl(gx):
    """Unflatten loss gradient wrt fx."""
    return np.reshape(gx, (-1, output_dimension))

  uw_ntk = empirical_direct_unit_wise_ntk_fn(f)
  _solve_w_damping = get_solver_by_damping_value(damping)

  def ng_fn(params, x, y):
    """Natural gradient with unit-wise FIM."""
    uw_g_dd = uw_ntk(x, None, params)  # L x M x (N, N, C, C)
    gx = fl(f(params, x) - y)  # (NC,)
    uw_vec = tree_map(
      lambda g_dd: ufl(_solve_w_damping(g_dd, gx, sym_pos=True)), 
      uw_g_dd)  # L x M x (N, C)

    del uw_g_dd, gx

    return _unit_wise_vjp(uw_vec, f, params, x)  # params.shape

  return ng_fn
