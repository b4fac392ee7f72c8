# Source: https://github.com/intsystems/gradhpo/blob/7f6123e5a38d7eb3bec77b666d5162512e5b167e/src/gradhpo/utils/gradients.py
# Title: gradhpo/utils/gradients.py (pytree operations, VJP helpers, and EMA updates)
# Cut: kept the pytree utilities and the two VJP helpers; dropped tree_zeros_like and update_w_star.
from typing import Any, Callable, Tuple

import jax
import jax.numpy as jnp

PyTree = Any


def tree_l2_norm(tree: PyTree) -> jnp.ndarray:
    """L2 norm of a pytree."""
    leaves = jax.tree.leaves(tree)
    if not leaves:
        return jnp.array(0.0)
    return jnp.sqrt(sum(jnp.sum(jnp.square(x)) for x in leaves))


def tree_normalize(tree: PyTree, eps: float = 1e-8) -> PyTree:
    """Normalize pytree to unit L2 norm."""
    norm = tree_l2_norm(tree)
    return jax.tree.map(lambda x: x / (norm + eps), tree)


def tree_dot(a: PyTree, b: PyTree) -> jnp.ndarray:
    """Inner product of two pytrees with the same structure."""
    products = jax.tree.map(lambda x, y: jnp.sum(x * y), a, b)
    return sum(jax.tree.leaves(products))


def tree_lerp(a: PyTree, b: PyTree, t: float) -> PyTree:
    """Linear interpolation: (1-t)*a + t*b."""
    return jax.tree.map(lambda x, y: (1.0 - t) * x + t * y, a, b)


def vjp_wrt_lambda(update_fn: Callable, w: PyTree, lam: PyTree,
                   batch: Any, alpha: PyTree) -> PyTree:
    """Compute alpha @ dPhi/dlambda via VJP."""
    def phi_lam(l):
        return update_fn(w, l, batch)
    _, vjp_fn = jax.vjp(phi_lam, lam)
    return vjp_fn(alpha)[0]


def vjp_wrt_both(update_fn: Callable, w: PyTree, lam: PyTree,
                 batch: Any, alpha: PyTree) -> Tuple[PyTree, PyTree]:
    """Compute alpha @ dPhi/dw and alpha @ dPhi/dlambda simultaneously."""
    def phi_wl(w_, l_):
        return update_fn(w_, l_, batch)
    _, vjp_fn = jax.vjp(phi_wl, w, lam)
    alpha_A, alpha_B = vjp_fn(alpha)
    return alpha_A, alpha_B
