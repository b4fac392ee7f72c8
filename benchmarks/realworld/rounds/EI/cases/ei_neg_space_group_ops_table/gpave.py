# Source: https://github.com/PrincetonLIPS/invariant-DeepSolid/blob/e1235e672f467af090cddbf94798b304aaa04443/utils/gpave.py
# Title: utils/gpave.py (make_group_ops: point-group x supercell-translation actions on electron coordinates)
# Cut: docstrings shortened; network part of the file cut.
import time

import jax
import jax.numpy as jnp
import numpy as np

base_key = jax.random.PRNGKey(int(1e6 * time.time()))


def make_group_ops(group, subsample):
   sup_cell = jnp.diag(group.S) @ group.unit_cell
   sup_cell_inv = jnp.linalg.inv(sup_cell)

   ops = jnp.array([ [group.point_ops[i], group.translate_ops[j]]
                      for i,j in np.ndindex(group.point_ops.shape[0], group.translate_ops.shape[0])])

   def transform_x(x, point_op, translate_op):
    input_x = x @ group.basis_inv_T_on3d
    # For space groups, need to add a constant dimension
    if group.dims == 3:
      input_x = jnp.concatenate([input_x, jnp.ones(1)])
    point_op_x = input_x @ point_op.T
    # Trim off the last dimension and revert to original basis
    if group.dims == 3:
      point_op_x = point_op_x[:3]
    point_op_x = point_op_x @ group.basis_T_on3d
    # translate across different unit cells in the supercell
    translated_x = point_op_x + jnp.diagonal(translate_op)[:3]
    # project back into the supercell
    return jnp.mod(translated_x @ sup_cell_inv, jnp.array([1,1,1])) @ sup_cell

   def ops_fn(xs, key_int):
    assert len(xs.shape) == 1
    if subsample.on:
      ops_subset = ops[
                    jax.random.choice( jax.random.fold_in(base_key, key_int), ops.shape[0], shape=(subsample.num,), replace=subsample.replace)
                  ]
    else:
      ops_subset = ops

    output = jax.vmap(
                 jax.vmap(
                    lambda op, x: transform_x(x, op[0], op[1]),
                    in_axes=(None,0),
                 ),
              in_axes=(0,None),
    )( ops_subset, jnp.reshape(xs, (-1, 3)))

    return output.reshape([-1, xs.shape[0]])

   return ops_fn
