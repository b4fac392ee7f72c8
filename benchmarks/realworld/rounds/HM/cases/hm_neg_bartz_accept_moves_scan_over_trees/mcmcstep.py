# Source: https://github.com/Gattocrucco/bartz/blob/0c58f676c6a22e46ff9b2bcd3fea5bfc8dc657a8/src/bartz/mcmcstep.py
# Title: bartz src/bartz/mcmcstep.py at "vectorize affluence and leaf indices updates"
# Cut: init, move proposals and the per-tree acceptance body removed (accept_move_and_sample_leaves
#      stubbed); sample_trees, accept_moves_and_sample_leaves and traverse_trees kept as written.
import functools

import jax
from jax import random
from jax import numpy as jnp
from jax import lax

from . import jaxext
from . import grove

def sample_trees(bart, key):
    bart = bart.copy()
    key, subkey = random.split(key)
    grow_moves, prune_moves = sample_moves(bart, subkey)
    return accept_moves_and_sample_leaves(bart, grow_moves, prune_moves, key)

def sample_moves(bart, key):
    ...

def accept_moves_and_sample_leaves(bart, grow_moves, prune_moves, key):
    """
    Accept or reject the proposed moves and sample the new leaf values.

    Parameters
    ----------
    bart : dict
        A BART mcmc state.
    grow_moves : dict
        The proposals for grow moves, batched over the first axis. See
        `grow_move`.
    prune_moves : dict
        The proposals for prune moves, batched over the first axis. See
        `prune_move`.
    key : jax.dtypes.prng_key array
        A jax random key.

    Returns
    -------
    bart : dict
        The new BART mcmc state.
    """
    bart = bart.copy()
    
    bart['var_trees'] = grow_moves['var_tree']
        # Since var_tree can contain garbage, I can set the var of leaf to be
        # grown irrespectively of what move I'm gonna accept in the end.
    if bart['opt']['require_min_points']:
        tree_indices = jnp.arange(
            len(bart['leaf_trees']),
            dtype=jaxext.minimal_unsigned_dtype(len(bart['leaf_trees']) - 1),
        )
        bart['affluence_trees'] = (
            bart['affluence_trees']
            .at[tree_indices, prune_moves['node']]
            .set(True)
        )
        # I can set to True the affluence of the node to prune irrespectively.

    indices = traverse_trees(bart['X'], grow_moves, prune_moves)

    def loop(resid, item):
        resid, trees, aux_trees, counts = accept_move_and_sample_leaves(
            bart['X'],
            len(bart['leaf_trees']),
            bart['opt']['suffstat_batch_size'],
            resid,
            bart['sigma2'],
            bart['min_points_per_leaf'],
            *item,
        )
        return resid, (trees, aux_trees, counts)
        
    key, subkey = random.split(key)
    u = random.uniform(subkey, (len(bart['leaf_trees']), 2), bart['opt']['large_float'])
    z = random.normal(key, bart['leaf_trees'].shape, bart['opt']['large_float'])

    items = (
        bart['leaf_trees'],
        bart['split_trees'],
        bart['affluence_trees'],
        grow_moves,
        prune_moves,
        *indices,
        u,
        z,
    )
    
    resid, (trees, aux_trees, counts) = lax.scan(loop, bart['resid'], items)
    
    bart['resid'] = resid
    bart.update(trees)
    for k, v in counts.items():
        bart[k] = jnp.sum(v, axis=0)
    if bart['opt']['require_min_points']:
        bart['affluence_trees'] = jnp.where(
            counts['grow_acc_count'][:, None],
            aux_trees['grow_affluence_trees'],
            bart['affluence_trees'],
        )
    
    return bart

def traverse_trees(X, grow_moves, prune_moves):

    # compute leaf indices in grow tree
    grow_leaf_indices = grove.traverse_forest(X, grow_moves['var_tree'], grow_moves['split_tree'])

    # compute leaf indices in initial tree
    grow_node = grow_moves['node'][:, None]
    grow_left = grow_node << 1
    grow_right = grow_left + 1
    cond = (grow_leaf_indices == grow_left) | (grow_leaf_indices == grow_right)
    leaf_indices = jnp.where(cond, grow_node, grow_leaf_indices)

    # compute leaf indices in prune tree
    prune_node = prune_moves['node'][:, None]
    prune_left = prune_node << 1
    prune_right = prune_left + 1
    cond = (leaf_indices == prune_left) | (leaf_indices == prune_right)
    prune_leaf_indices = jnp.where(cond, prune_node, leaf_indices)

    return leaf_indices, grow_leaf_indices, prune_leaf_indices


def accept_move_and_sample_leaves(X, ntree, suffstat_batch_size, resid, sigma2, min_points_per_leaf, leaf_tree, split_tree, affluence_tree, grow_move, prune_move, leaf_indices, grow_leaf_indices, prune_leaf_indices, u, z):
    ...
