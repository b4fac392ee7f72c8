# Source: https://github.com/ramithuh/diff-evol-tree-search/blob/0366c91e20c74aca0e52f61a912a809f32c6c042/train_batch_implicit_diff.py
# Title: train_batch_implicit_diff.py (bilevel tree/sequence optimisation with jaxopt OptaxSolver)
# Cut: argument parsing, ground-truth generation, wandb logging and the epoch loop removed; the parameter
#      dict construction, the jitted helpers and the solver setup kept.
from typing import Dict

import jax
import jax.numpy as jnp
import optax
from jax import jit, vmap
from jaxopt import OptaxSolver
from jaxtyping import Array

from tree_func import compute_loss_optimized


def generate_vmap_keys(seq_params):
    vmap_keys = {}

    for key in seq_params.keys():
        vmap_keys[key] = 0

    return vmap_keys

@jit
def get_one_tree_and_seq(tree_params, seq_params, pos):
    new_params = {}
    ## extract correct tree
    new_params['t'] = tree_params['t'][pos]

    for i in range(0, len(seq_params.keys())):
        new_params[str(i)] = seq_params[str(i)][pos]

    return new_params


def inner_objective(seq_params, tree_params, data):
    seqs, metadata, temp, epoch = data
    return compute_loss_optimized(tree_params, seq_params, seqs, metadata, temp, epoch)


def build(n_ancestors, initializer, key, offset, metadata, seq_length, n_letters, args):
    seq_params : Dict[str, Array] = {}

    #### Add the ancestor sequences to the parameters
    for i in range(0, n_ancestors):
        seq_params[str(i)] = initializer(key+i+offset, (metadata['init_count'], seq_length, n_letters), jnp.float64)

    seq_optimizer = OptaxSolver(opt = optax.adam(metadata['lr_seq'], eps_root = 1e-16), fun = inner_objective, maxiter  = args['alternate_interval'], implicit_diff = True)
    jitted_seq_update = jax.jit(seq_optimizer.update)
    return seq_params, seq_optimizer, jitted_seq_update
