# Source: https://github.com/sbuschjaeger/se-online/blob/360dadc8099fa6fef9e06176169d53e5da582a68/JaxModel.py
# Title: se-online JaxModel.py, first version (soft decision tree ensemble in JAX)
# Cut: the recursive path_indicies variant, the JaxModel class and commented-out loop removed;
#      the static path enumeration, the vmapped per-path prediction and the per-tree ensemble kept.
import numpy as np

import jax
from jax import jit
from jax import vmap

@jax.partial(jit, static_argnums=0)
def path_indicies_iter(max_index):
    to_expand = [[0]]
    pathes = []
    while to_expand:
        path = to_expand.pop()
        if path[-1] > max_index:
            pathes.append(path)
        else:
            to_expand.append(path + [2*path[-1] + 1])
            to_expand.append(path + [2*path[-1] + 2])
    return pathes

@jit 
def tree_predict_proba(X, W, B, leaf_preds):

    all_preds = jax.nn.sigmoid( (W * X[:,np.newaxis,:]).sum(axis=2) + B.T ) 
    
    indices = path_indicies_iter(all_preds.shape[1] - 1)
    def _pred(path):
        leaf_node = path[-1]
        inner_nodes = path[:-1]
        path_preds = jax.numpy.prod(all_preds[:,inner_nodes], axis=1)
        
        return (path_preds  * leaf_preds[leaf_node,:][:,np.newaxis]).T

    indices = jax.numpy.array(indices)
    preds = vmap(_pred)(jax.numpy.array(indices))
        
    preds = jax.numpy.stack(preds)
    return preds.sum(axis=0)

@jit
def predict_proba(X, W, B, leaf_preds):
    ensemble_preds = []
    for w, b, l in zip(W,B,leaf_preds):
        preds = tree_predict_proba(X,w,b,l)
        ensemble_preds.append(preds)

    return jax.numpy.stack(ensemble_preds).mean(axis=0)
