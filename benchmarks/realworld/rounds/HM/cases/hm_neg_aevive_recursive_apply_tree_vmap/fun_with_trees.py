# Source: https://github.com/aevive/blog/blob/76c25ccb281b962623bbf3bcbcd821af710d9ab3/chapters/6h_fun_with_trees.ipynb
# Title: aevive blog, chapter 6h "Fun with trees" (notebook cells 1-3, 10-12, 17, 25, 28)
# Cut: notebook cells converted to a script; %%timeit cells, sklearn scoring and the
#      non-jitted while-loop variant removed; `tree = clf.tree_` reconstructed (the notebook passes
#      the fitted sklearn tree structure to apply_tree).
from functools import partial
from typing import NamedTuple, Any

import jax
import jax.numpy as jnp
import jax.random as random
import numpy as np
from jax.nn import sigmoid
from sklearn import tree
from sklearn.datasets import load_iris

key = random.PRNGKey(20221211)

n = 10_000 # Sample size
p = 10 # Predictor

key, skey = random.split(key, 2)
x = random.normal(skey, (n, p))

# sketch of a tree in jax

depth = 5
key, skey = random.split(key)
features = random.categorical(skey, logits=np.ones(p) / p, shape=(depth,))

key, skey = random.split(key)
sign = 2 * (random.bernoulli(skey, shape=(depth, )) - .5)

key, skey = random.split(key)
offset = random.normal(skey, shape=(depth, )) / 10

selector = jnp.zeros((p, depth))
for i, feature in enumerate(features):
    selector = selector.at[feature, i].set(1.)

prediction = (x @ (selector * sign) < offset).all(axis=1).astype('int32')


class DecisionTree(NamedTuple):
    feature_id: Any = None
    sign: Any = None
    offset: Any = None
    left: Any = None
    right: Any = None
    prediction: Any = None 


def apply_tree(x, tree):
    if tree.prediction is not None:
        return tree.prediction
    
    result = jnp.where(
        tree.sign * x[tree.feature_id] <= tree.offset,
        apply_tree(x, tree.left),
        apply_tree(x, tree.right),
    )
    
    return result


jit_apply_tree = jax.jit(apply_tree, static_argnums=(1,))

iris = load_iris()
X, y = iris.data, iris.target
clf = tree.DecisionTreeClassifier()
clf = clf.fit(X, y)
tree = clf.tree_


# Vectorized apply tree for a sklearn tree
def apply_tree(x, tree, i=0):
    
    if tree.children_left[i] == -1 and tree.children_right[i] == -1:
        return tree.value[i].argmax(axis=1)
    
    return jnp.where(
        x[tree.feature[i]] <= tree.threshold[i],
        apply_tree(x, tree, i=tree.children_left[i]),
        apply_tree(x, tree, i=tree.children_right[i]),
    )


jit_apply_tree = jax.jit(jax.vmap(partial(apply_tree, tree=tree)))
jit_apply_tree(X).block_until_ready()
