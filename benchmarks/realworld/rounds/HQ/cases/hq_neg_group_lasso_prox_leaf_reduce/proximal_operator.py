# Source: https://github.com/flatironinstitute/nemos/blob/c80170b0588f897c461b3ae7e3e44b960cdb05ec/src/nemos/proximal_operator.py
# Title: src/nemos/proximal_operator.py -- proximal operators (group lasso, lasso) on pytrees
# Cut: docstrings dropped; kept compute_normalization, masked_norm_2, prox_group_lasso and prox_lasso;
#      pytree_map_and_reduce copied from src/nemos/tree_utils.py (same commit) at the end.
from functools import partial
from typing import Any

import jax
import jax.numpy as jnp

from nemos.tree_utils import pytree_map_and_reduce


def compute_normalization(mask):
    """Compute normalization constant over group size."""
    return jnp.sqrt(
        pytree_map_and_reduce(
            lambda mi: jnp.sum(mi.reshape(mi.shape[0], -1), axis=1), sum, mask
        )
    )


@partial(jax.jit, static_argnames=("normalize",))
def masked_norm_2(x: Any, mask: Any, normalize: bool = True) -> Any:
    # [(n_groups, )]
    norms = jnp.sqrt(
        pytree_map_and_reduce(
            lambda xi, mi: jnp.sum(
                (xi.reshape(1, -1) * mi.reshape(mi.shape[0], -1)) ** 2, axis=1
            ),
            sum,
            x,
            mask,
        )
    )
    if normalize:
        # [(n_groups, )]
        sqrt_group_size = compute_normalization(mask)
        norms /= sqrt_group_size
    return norms


def prox_group_lasso(
    x: Any,
    strength: Any,
    mask: Any,
    scaling: float = 1.0,
) -> Any:
    l2_norm = masked_norm_2(x, mask)  # (n_groups,)

    def prox_leaf(xi, mi, s, l2):
        factor = jax.nn.relu(1.0 - scaling * s / l2)  # (n_groups,)
        regularized = mi.sum(axis=0) > 0  # (n_features,)
        return jnp.where(
            regularized,
            xi * jnp.einsum("i, i...->...", factor, mi),
            xi,
        )

    l2_tree = jax.tree_util.tree_map(lambda _: l2_norm, x)
    return jax.tree_util.tree_map(prox_leaf, x, mask, strength, l2_tree)


def prox_lasso(x: Any, strength: Any, scaling: float = 1.0) -> Any:

    def fun(u, s):
        return jnp.sign(u) * jax.nn.relu(jnp.abs(u) - s * scaling)

    return jax.tree_util.tree_map(fun, x, strength)



# --- src/nemos/tree_utils.py (same commit) ---
from typing import Callable, Optional

def pytree_map_and_reduce(
    map_fn: Callable,
    reduce_fn: Callable,
    *pytrees: Any,
    is_leaf: Optional[Callable[[Any], bool]] = None,
):
    cond_tree = jax.tree_util.tree_map(map_fn, *pytrees, is_leaf=is_leaf)
    # for some reason, tree_reduce doesn't work well with any.
    return reduce_fn(jax.tree_util.tree_leaves(cond_tree))
