# Source: https://github.com/ramithuh/diff-evol-tree-search/blob/0366c91e20c74aca0e52f61a912a809f32c6c042/modules/tree_func.py
# Title: modules/tree_func.py (soft tree topology, ancestor-sequence updates and traversal cost)
# Cut: discretize/verbose helpers and compute_detailed_loss_optimized removed; functions kept as written.
import jax
import jax.nn as nn
import jax.numpy as jnp

from jax import jit
from typing import Dict
from jaxtyping import Array, Float


@jit
def update_tree(params : Dict[str, Array], epoch : int = 0 ,  temp : Float = 1 ) -> Float[Array, "nodes nodes"]:
    tree = params['t']

    n_all = tree.shape[0] + 1 #(adding +1 because params doesn't have the root node)
    n_ancestors = tree.shape[1]
    n_leaves = n_all - n_ancestors

    key = jax.random.PRNGKey(epoch) # generate a random key
    gumbel_noise = jax.random.gumbel(key, (tree.shape[0], tree.shape[1])) # generate gumbel noise

    perturbed_tree_params = tree + gumbel_noise*0.0 # add gumbel noise to the tree params

    inf_matrix = -jnp.ones((n_all, n_all))*jnp.inf

    # generating the upper indices of the lower square matrix
    lower_indices = jnp.triu_indices(n_ancestors)
    shifted_lower_indices = (lower_indices[0] + n_ancestors, lower_indices[1] + n_leaves )

    inf_matrix = inf_matrix.at[:n_ancestors, n_leaves:].set(perturbed_tree_params[:n_ancestors])
    inf_matrix = inf_matrix.at[shifted_lower_indices].set(perturbed_tree_params[n_ancestors:, :][lower_indices])
    inf_matrix = inf_matrix.at[-1,-1].set(1)

    return jax.nn.softmax(inf_matrix, axis = 1)

@jit
def update_seq(params : Dict[str, Array], seqs : Float[Array, "nodes letters"], temperature : Float = 1 ) -> Float[Array, "nodes letters"]:
    '''
        Updates the ancestor sequences using the trainable params

        Args:
            params : params['n'] denotes the nth ancestor sequence
    '''


    n_all = seqs.shape[0]
    n_leaves = (n_all + 1)//2

    for i in range(0, n_all - n_leaves):
        key = str(i) #chr(97+i + n_leaves)

        seq      = nn.softmax(params[key]*temperature)
        seqs = seqs.at[- n_leaves + i + 1].set(seq)

    return seqs

@jit
def enforce_graph(t_ : Float[Array, "nodes nodes"], s : Float, metadata = None, verbose = False):
    n_all = t_.shape[0]
    n_leaves = (n_all + 1)//2
    n_ancestors = n_all - n_leaves

    ancestor_columns = t_[:-1, n_all - n_ancestors: n_all]

    tree_force_loss = jnp.sum(jnp.power(s*jnp.abs(jnp.sum(ancestor_columns, axis = 0) - 2),2))

    return tree_force_loss

@jit
def compute_surrogate_cost(sequences : Float[Array, "nodes seq_length letters"], tree : Float[Array, "nodes nodes"]) -> Float:
    seq_onehot = jnp.transpose(sequences, (2,0,1)) # bring onehot encoding to the front (onehot, n_all, seq_length)
    sel        = jnp.expand_dims(tree, axis = 0)   # make it (1, n_all, n_all)

    selection  = jnp.matmul(sel, seq_onehot)

    out = jnp.transpose(selection, (1,2,0))
    ans = (jnp.sum(abs((out - sequences)), axis = [1,2])/(2)).sum()

    return ans

@jit
def compute_loss_optimized(tree_params : Dict[str, Array], seq_params : Dict[str, Array], seqs : Float[Array, "nodes length letters"], metadata : Dict, temp : Float, epoch : int) -> Float:
    seqs_ = update_seq(seq_params, seqs, temp )

    t_ = update_tree(tree_params, epoch, temp)

    cost_surrogate = compute_surrogate_cost(seqs_,t_) # surrogate traversal cost

    tree_force_loss = enforce_graph(t_,10,metadata)

    loss = cost_surrogate + temp*(tree_force_loss)

    return loss
