# Source: https://github.com/Gattocrucco/bartz/blob/ac774bbde2eb8c56bba723db22903fb93639e119/src/bartz/grove.py
# Title: bartz src/bartz/grove.py at "batch evaluation of forest"
# Cut: tree construction and mask helpers removed; tree_depth, traverse_tree, traverse_forest and
#      evaluate_forest kept as written.
import functools
import math

import jax

from jax import numpy as jnp
from jax import lax

from . import jaxext

def tree_depth(tree):
    """
    Return the maximum depth of a tree.

    Parameters
    ----------
    tree : array
        A tree created by `make_tree`. If the array is ND, the tree structure is
        assumed to be along the last axis.

    Returns
    -------
    depth : int
        The maximum depth of the tree.
    """
    return int(round(math.log2(tree.shape[-1])))

def traverse_tree(x, var_tree, split_tree):
    """
    Find the leaf where a point falls into.

    Parameters
    ----------
    x : array (p,)
        The coordinates to evaluate the tree at.
    var_tree : array (2 ** (d - 1),)
        The decision axes of the tree.
    split_tree : array (2 ** (d - 1),)
        The decision boundaries of the tree.

    Returns
    -------
    index : int
        The index of the leaf.
    """

    carry = (
        jnp.zeros((), bool),
        jnp.ones((), jaxext.minimal_unsigned_dtype(2 * var_tree.size - 1)),
    )

    def loop(carry, _):
        leaf_found, index = carry

        split = split_tree[index]
        var = var_tree[index]

        leaf_found |= split == 0
        child_index = (index << 1) + (x[var] >= split)
        index = jnp.where(leaf_found, index, child_index)

        return (leaf_found, index), None

    depth = tree_depth(var_tree)
    (_, index), _ = lax.scan(loop, carry, None, depth, unroll=16)
    return index

@functools.partial(jaxext.vmap_nodoc, in_axes=(None, 0, 0))
@functools.partial(jaxext.vmap_nodoc, in_axes=(1, None, None))
def traverse_forest(X, var_trees, split_trees):
    """
    Find the leaves where points fall into.

    Parameters
    ----------
    X : array (p, n)
        The coordinates to evaluate the trees at.
    var_trees : array (m, 2 ** (d - 1))
        The decision axes of the trees.
    split_trees : array (m, 2 ** (d - 1))
        The decision boundaries of the trees.

    Returns
    -------
    indices : array (m, n)
        The indices of the leaves.
    """
    return traverse_tree(X, var_trees, split_trees)

def evaluate_forest(X, leaf_trees, var_trees, split_trees, dtype=None, sum_trees=True):
    """
    Evaluate a ensemble of trees at an array of points.

    Parameters
    ----------
    X : array (p, n)
        The coordinates to evaluate the trees at.
    leaf_trees : array (m, 2 ** d)
        The leaf values of the tree or forest. If the input is a forest, the
        first axis is the tree index, and the values are summed.
    var_trees : array (m, 2 ** (d - 1))
        The decision axes of the trees.
    split_trees : array (m, 2 ** (d - 1))
        The decision boundaries of the trees.
    dtype : dtype, optional
        The dtype of the output.

    Returns
    -------
    out : array (n,)
        The sum of the values of the trees at the points in `X`.
    """
    indices = traverse_forest(X, var_trees, split_trees)
    ntree, _ = leaf_trees.shape
    tree_index = jnp.arange(ntree, dtype=jaxext.minimal_unsigned_dtype(ntree - 1))
    leaves = leaf_trees[tree_index[:, None], indices]
    if sum_trees:
        return jnp.sum(leaves, axis=0, dtype=dtype)
            # this sum suggests to swap the vmaps, but I think it's better for X
            # copying to keep it that way
    else:
        return leaves

