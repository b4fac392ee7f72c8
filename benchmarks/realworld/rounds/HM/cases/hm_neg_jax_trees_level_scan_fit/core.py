# Source: https://github.com/Joooohan/jax_trees/blob/36a62446f6905cdf11025ba72739ae5ea25eaf58/jax_trees/jax/core.py
# Title: jax_trees jax_trees/jax/core.py at "Fit and predict using scan"
# Cut: docstrings, TreeNode.show and DecisionTree.predict/score removed; fit() kept as written.
from __future__ import annotations

from collections import defaultdict
from functools import partial
from typing import Callable, Dict, List

import jax.numpy as jnp
from jax import jit, lax, vmap
from jax.tree_util import register_pytree_node_class

from .utils import make_split_node_function, split_mask


@register_pytree_node_class
class TreeNode:
    def __init__(
        self,
        mask: jnp.ndarray,
        split_value: float = jnp.nan,
        split_col: int = -1,
        is_leaf: bool = True,
        leaf_value: float = jnp.nan,
        score: float = jnp.nan,
    ):
        self.mask = mask
        self.split_value = split_value
        self.split_col = split_col
        self.is_leaf = is_leaf
        self.leaf_value = leaf_value
        self.score = score

    def tree_flatten(self):
        children = (
            self.mask,
            self.split_value,
            self.split_col,
            self.is_leaf,
            self.leaf_value,
            self.score,
        )
        aux_data = None
        return children, aux_data

    @classmethod
    def tree_unflatten(cls, aux_data, children) -> TreeNode:
        return cls(*children)


@register_pytree_node_class
class DecisionTree:
    def __init__(
        self,
        min_samples: int,
        max_depth: int,
        max_splits: int,
        loss_fn: Callable,
        value_fn: Callable,
        score_fn: Callable,
        nodes: Dict[int, List[TreeNode]] = None,
    ):
        self.min_samples = min_samples
        self.max_depth = max_depth
        self.max_splits = max_splits
        self.score_fn = score_fn
        self.loss_fn = loss_fn
        self.value_fn = value_fn
        self.nodes = nodes
        self.split_node = make_split_node_function(self.loss_fn)

    def tree_flatten(self):
        children = [self.nodes]
        aux_data = {
            "min_samples": self.min_samples,
            "max_depth": self.max_depth,
            "max_splits": self.max_splits,
            "score_fn": self.score_fn,
            "value_fn": self.value_fn,
            "loss_fn": self.loss_fn,
        }
        return (children, aux_data)

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        (nodes,) = children
        return cls(**aux_data, nodes=nodes)

    @jit
    def fit(
        self,
        X: jnp.ndarray,
        y: jnp.ndarray,
        mask: jnp.ndarray = None,
    ) -> TreeNode:
        """Fit the model to the data.

        Since this function is functionally pure, the fitted model is returned
        as a result.
        """
        n_samples = X.shape[0]
        if mask is None:
            mask = jnp.ones((n_samples,))

        level_masks = jnp.stack([mask], axis=0)
        self.nodes = defaultdict(list)

        for depth in range(self.max_depth + 1):

            def fn(carry, mask):
                score = self.loss_fn(y, mask)
                value = self.value_fn(y, mask)
                (
                    left_mask,
                    right_mask,
                    split_value,
                    split_col,
                ) = self.split_node(X, y, mask, self.max_splits)

                is_leaf = jnp.array(
                    depth >= self.max_depth
                    or jnp.sum(mask) <= self.min_samples,
                    dtype=jnp.int8,
                )
                # zero-out child masks if current node is a leaf
                left_mask *= 1 - is_leaf
                right_mask *= 1 - is_leaf

                node = TreeNode(
                    mask=mask,
                    split_value=split_value,
                    split_col=split_col,
                    is_leaf=is_leaf,
                    leaf_value=value,
                    score=score,
                )
                children_mask = jnp.stack([left_mask, right_mask], axis=0)
                return carry, (children_mask, node)

            _, (children_masks, nodes) = lax.scan(
                f=fn,
                init=None,
                xs=level_masks,
            )

            self.nodes[depth] = nodes
            level_masks = jnp.reshape(children_masks, (-1, n_samples))

        return self
