# Source: https://github.com/jax-ml/jax/blob/cec06d116c05f0d52adfceee3d3b730fdbcb0ce5/jax/_src/flatten_util.py
# Title: jax-ml/jax jax/_src/flatten_util.py (ravel_pytree)
# Cut: kept ravel_pytree and the single-dtype path of _ravel_list (simplified); the dtype-converting path
#      is dropped and a small jitted caller is added.
import numpy as np
import jax
from jax import lax
from jax.tree_util import tree_flatten, tree_unflatten


def ravel_pytree(pytree):
  leaves, treedef = tree_flatten(pytree)
  flat, unravel_list = _ravel_list(leaves)
  return flat, lambda flat: tree_unflatten(treedef, unravel_list(flat))


def _ravel_list(lst):
  if not lst:
    return lax.full([0], 0, "float32"), lambda _: []
  sizes = [np.size(x) for x in lst]
  shapes = [np.shape(x) for x in lst]
  ravel = lambda e: lax.reshape(e, (np.size(e),))
  raveled = lax.concatenate([ravel(e) for e in lst], dimension=0)
  return raveled, lambda arr: _unravel_list_single_dtype(sizes, shapes, arr)


def _unravel_list_single_dtype(sizes, shapes, arr):
  indices = np.cumsum(sizes)
  chunks = jax.numpy.split(arr, indices[:-1])
  return [chunk.reshape(shape) for chunk, shape in zip(chunks, shapes)]


@jax.jit
def flat_norm(params):
  flat, _ = ravel_pytree(params)
  return jax.numpy.sum(flat ** 2)
