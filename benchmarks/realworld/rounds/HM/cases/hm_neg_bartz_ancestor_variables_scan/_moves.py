# Source: https://github.com/Gattocrucco/bartz/blob/e350201915783913cc1653b22831f0cf4aa4bd93/src/bartz/mcmcstep/_moves.py
# Title: bartz src/bartz/mcmcstep/_moves.py, parent of "perf: vectorize ancestor_variables"
# Cut: everything but fully_used_variables and ancestor_variables removed (split_range stubbed);
#      jaxtyping signatures kept as written.
from jax import lax
from jax import numpy as jnp
import jax
from jaxtyping import Array, Int32, UInt

from bartz import grove
from bartz.jaxext import minimal_unsigned_dtype


def split_range(var_tree, split_tree, max_split, node_index, ref_var):
    ...




def fully_used_variables(
    var_tree: UInt[Array, ' 2**(d-1)'],
    split_tree: UInt[Array, ' 2**(d-1)'],
    max_split: UInt[Array, ' p'],
    leaf_index: Int32[Array, ''],
) -> UInt[Array, ' d-2']:
    """
    Find variables in the ancestors of a node that have an empty split range.

    Parameters
    ----------
    var_tree
        The variable indices of the tree.
    split_tree
        The splitting points of the tree.
    max_split
        The maximum split index for each variable.
    leaf_index
        The index of the node, assumed to be valid for `var_tree`.

    Returns
    -------
    The indices of the variables that have an empty split range.

    Notes
    -----
    The number of unused variables is not known in advance. Unused values in the
    array are filled with `p`. The fill values are not guaranteed to be placed
    in any particular order, and variables may appear more than once.
    """
    var_to_ignore = ancestor_variables(var_tree, max_split, leaf_index)
    split_range_vec = jax.vmap(split_range, in_axes=(None, None, None, None, 0))
    l, r = split_range_vec(var_tree, split_tree, max_split, leaf_index, var_to_ignore)
    num_split = r - l
    return jnp.where(num_split == 0, var_to_ignore, max_split.size)
    # the type of var_to_ignore is already sufficient to hold max_split.size,
    # see ancestor_variables()


def ancestor_variables(
    var_tree: UInt[Array, ' 2**(d-1)'],
    max_split: UInt[Array, ' p'],
    node_index: Int32[Array, ''],
) -> UInt[Array, ' d-2']:
    """
    Return the list of variables in the ancestors of a node.

    Parameters
    ----------
    var_tree
        The variable indices of the tree.
    max_split
        The maximum split index for each variable. Used only to get `p`.
    node_index
        The index of the node, assumed to be valid for `var_tree`.

    Returns
    -------
    The variable indices of the ancestors of the node.

    Notes
    -----
    The ancestors are the nodes going from the root to the parent of the node.
    The number of ancestors is not known at tracing time; unused spots in the
    output array are filled with `p`.
    """
    max_num_ancestors = grove.tree_depth(var_tree) - 1
    var_type = minimal_unsigned_dtype(max_split.size)
    ancestor_vars = jnp.zeros(max_num_ancestors, var_type)
    carry = ancestor_vars.size - 1, node_index, ancestor_vars

    def loop(carry, _):
        i, index, ancestor_vars = carry
        index >>= 1
        var = var_tree[index]
        var = jnp.where(index, var, jnp.array(max_split.size, var_type))
        ancestor_vars = ancestor_vars.at[i].set(var)
        return (i - 1, index, ancestor_vars), None

    (_, _, ancestor_vars), _ = lax.scan(loop, carry, None, ancestor_vars.size)
    return ancestor_vars
