# Source: https://github.com/Gattocrucco/bartz/blob/aa0b6057242dae30c4cde866909956d637973f06/src/bartz/grove.py
# Title: bartz src/bartz/grove.py (heap-array trees for BART in JAX), parent of "fully vectorize tree traversing in mcmc"
# Cut: license header, module docstring, make_tree and the tree-mask helpers removed; tree_depth,
#      traverse_tree, evaluate_forest, _traverse_forest and tree_depths kept as written.
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

        split = split_tree.at[index].get(mode='fill', fill_value=0)
        var = var_tree.at[index].get(mode='fill', fill_value=0)
        
        leaf_found |= split == 0
        child_index = (index << 1) + (x[var] >= split)
        index = jnp.where(leaf_found, index, child_index)

        return (leaf_found, index), None

        # TODO
        # - unroll (how much? 5?)
        # - separate and special-case the last iteration
        #     I also don't need to use .at.get in the previous loops
        # - check if while loop with actual condition works better
        #     I expect this may be useful in acceptance phase, where I only have
        #     one tree, so I'm not parallelizing across cases where the loop
        #     takes a different time to run. If I vmap chains, then it's a
        #     problem.

    depth = 1 + tree_depth(var_tree)
    (_, index), _ = lax.scan(loop, carry, None, depth)
    return index

def evaluate_forest(X, leaf_trees, var_trees, split_trees, dtype):
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
    dtype : dtype
        The dtype of the output.

    Returns
    -------
    out : array (n,)
        The sum of the values of the trees at the points in `X`.
    """
    indices = _traverse_forest(X, var_trees, split_trees)
    ntree, _ = leaf_trees.shape
    tree_index = jnp.arange(ntree, dtype=jaxext.minimal_unsigned_dtype(ntree - 1))[:, None]
    leaves = leaf_trees[tree_index, indices]
    return jnp.sum(leaves, axis=0, dtype=dtype)
        # this sum suggests to swap the vmaps, but I think it's better for X copying to keep it that way

@functools.partial(jax.vmap, in_axes=(None, 0, 0))
@functools.partial(jax.vmap, in_axes=(1, None, None))
def _traverse_forest(X, var_trees, split_trees):
    return traverse_tree(X, var_trees, split_trees)


def tree_depths(tree_length):
    """
    Return the depth of each node in a binary tree.

    Parameters
    ----------
    tree_length : int
        The length of the tree array, i.e., 2 ** d.

    Returns    
    -------
    depth : array (tree_length,)
        The depth of each node. The root node (index 1) has depth 0. The depth
        is the position of the most significant non-zero bit in the index. The
        first element (the unused node) is marked as depth 0.
    """
    depths = []
    depth = 0
    for i in range(tree_length):
        if i == 2 ** depth:
            depth += 1
        depths.append(depth - 1)
    depths[0] = 0
    return jnp.array(depths, jaxext.minimal_unsigned_dtype(max(depths)))
