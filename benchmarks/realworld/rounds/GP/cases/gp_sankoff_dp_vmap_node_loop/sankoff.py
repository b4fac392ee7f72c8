# Source: https://github.com/ramithuh/diff-evol-tree-search/blob/0366c91e20c74aca0e52f61a912a809f32c6c042/modules/sankoff.py
# Title: modules/sankoff.py (Sankoff small-parsimony DP and its soft, differentiable variant)
# Cut: docstrings shortened, commented-out dp_nodes bookkeeping and backtracking removed;
#      the ott soft_sort import dropped (only used in a comment).
import jax
import numpy as np
import jax.nn as nn
import jax.numpy as jnp

from jaxtyping import Array, Float


def softmin(x, epsilon = 1, axis = 0):
    c = jnp.max(-x*epsilon, axis = axis, keepdims=True)
    return -(jnp.log(jnp.mean(jnp.exp(-x*epsilon - c), axis = axis, keepdims = True ) - 1e-6) + c/epsilon)[...,-1]

# @partial(jax.jit, static_argnums=[5,6])
def run_dp(adj : Float[Array, "nodes nodes"], dp, dp_nodes, seq, cost_mat, n_letters, verbose = False):
    '''Run sankoff algorithm given the tree topology and the leaf sequences'''

    n_all    = adj.shape[0]
    n_leaves = (n_all + 1)//2

    for i in range(0, n_leaves): # initailize the dp table
        dp =  dp.at[i,seq[i].astype(int)].set(0)


    for node in range(n_leaves, n_all): ## loop all the ancestors in order
        children = jnp.where(adj[:,node] == 1)[0] ## find the children of the current node

        if(verbose):
            print(f"at node {node+1} children are : {children}")

        total_cost = 0
        nodes = []
        for child in children:
            cur_node = int(child)

            cost_array = cost_mat[::][::] + dp[cur_node][::]
            cost = jnp.min(cost_array, axis = 1)
            char = jnp.argmin(cost_array, axis = 1)

            nodes.append([cur_node, char])
            total_cost += cost

        dp = dp.at[node,::].set(total_cost)

    return dp, dp_nodes

vectorized_dp      = jax.vmap(run_dp, (None, 0, 0, 1, None, None, None), 0)

def run_sankoff(adj, cost_mat, seq, metadata, return_path = False):
    adj = adj.at[-1,-1].set(0) ##manually remove self connection (convention used in the train script)

    ## ensure types are float64
    adj = adj.astype(jnp.float64)
    seq = seq.astype(jnp.float64)
    cost_mat = cost_mat.astype(jnp.float64)

    n_letters = metadata['n_letters']
    n_leaves  = metadata['n_leaves']

    ##empty dp tables
    dp_nodes = jnp.zeros((seq.shape[1], metadata['n_all'], n_letters, 4)).astype(jnp.float64)
    dp       = jnp.ones((seq.shape[1], metadata['n_all'], n_letters)).astype(jnp.float64)*1e5

    dp, connections = vectorized_dp(adj, dp, dp_nodes, seq, cost_mat, n_letters, False)

    return seq, dp, dp[:, -1].min(axis = 1).sum()

'''
    Functions below are work in progress
'''

def run_diff_dp(adj : Float[Array, "nodes nodes"], dp, seq, cost_mat, n_letters, epsilon = 1e-5, verbose = True):
    '''Run sankoff algorithm given the tree topology and the leaf sequences (work in progress)'''

    n_all    = adj.shape[0]
    n_leaves = (n_all + 1)//2

    for i in range(0, n_leaves): # initailize the dp table
        dp =  dp.at[i,seq[i].astype(int)].set(0) ## sequences are fixed!! so no need to propogate the gradients till then


    for node in range(n_leaves, n_all): ## loop all the ancestors in order

        ## consider topologically feasible candidates (slicing -> :node)
        prob_children    = jax.nn.softmax(adj[:,node][:node]*5)*2
        children_onehot  = jnp.eye(node,node).astype(jnp.float64)*prob_children

        delta = 1e1*(adj[:,node][:node].sum() - 2)**2

        mask = jnp.matmul(children_onehot, jnp.ones((node,dp.shape[1])).astype(jnp.float64)) #mask to supress rows from the dp table

        if(verbose):
            print(f"at node {node+1} children are : {adj[:,node][:node]}")

        dp_sel = jnp.matmul(children_onehot,dp[:node]) ##lookup dp table's first node-1 rows (topologically feasible candidates)
        node_mix = cost_mat[::,::] + dp_sel[::, None]

        ans = node_mix * mask[::, None]
        ans = softmin(ans, epsilon, axis = 2)
        ans = jnp.sum(ans, axis = 0) + delta #penalize more if connections are not rigid

        dp = dp.at[node,::].set(ans)

    return dp

vectorized_diff_dp = jax.vmap(run_diff_dp, (None, 0, 1, None, None, None, None), 0)

def run_diff_sankoff(adj, cost_mat, seq, metadata, epsilon = 1e-5):
    '''
        (Work in progress -> making sankoff algorithm differentiable)
    '''
    adj = adj.at[-1,-1].set(0) ##manually remove self connection (convention used in the train script)

    ## ensure types are float64
    adj = adj.astype(jnp.float64)
    seq = seq.astype(jnp.float64)
    cost_mat = cost_mat.astype(jnp.float64)

    n_letters = metadata['n_letters']
    n_leaves  = metadata['n_leaves']

    ##empty dp table
    dp       = jnp.ones((seq.shape[1], metadata['n_all'], n_letters)).astype(jnp.float64)*1e5

    dp = vectorized_diff_dp(adj, dp, seq, cost_mat, n_letters, epsilon, False)

    return dp, softmin(dp[:, -1], epsilon, axis = 1).sum()
