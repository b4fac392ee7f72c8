# Source: https://github.com/intsystems/gradhpo/blob/7f6123e5a38d7eb3bec77b666d5162512e5b167e/src/gradhpo/algorithms/t1t2.py
# Title: gradhpo/algorithms/t1t2.py (T1-T2 with numerical DARTS approximation)
# Cut: kept _get_inner_step_fn, _numerical_darts_approximation and the jitted step cut short (w_star EMA dropped, state.params passed instead; optimizer-update tail simplified to the manual lr_hyper branch); tree_dot inlined from utils/gradients.py; run() and docstrings dropped.
from functools import partial
from typing import Any, Callable, Optional

import jax
import jax.numpy as jnp
import optax


def tree_dot(a, b):
    products = jax.tree.map(lambda x, y: jnp.sum(x * y), a, b)
    return sum(jax.tree.leaves(products))


class T1T2Optimizer:
    def __init__(self, inner_optimizer=None, outer_optimizer=None, eps: float = 1e-2, update_fn=None):
        self.inner_optimizer = inner_optimizer
        self.outer_optimizer = outer_optimizer
        self.eps = eps
        self._update_fn = update_fn

    def _get_inner_step_fn(self, state, train_loss_fn) -> Callable:
        if self._update_fn is not None:
            return self._update_fn
        inner_opt = self.inner_optimizer
        inner_opt_state = state.inner_opt_state

        def phi(params, hyperparams, batch):
            grads = jax.grad(train_loss_fn, argnums=0)(params, hyperparams, batch)
            updates, _ = inner_opt.update(grads, inner_opt_state, params)
            return optax.apply_updates(params, updates)

        return phi

    def _numerical_darts_approximation(self, phi_fn, w, lam, batch, alpha):
        flat_lam, tree_def = jax.tree_util.tree_flatten(lam)
        result_leaves = []

        for i, lam_element in enumerate(flat_lam):
            shape_i = lam_element.shape

            def compute_element_gradient(pert_val):
                perturbed_lam_leaves = [
                    leaf + (
                        pert_val * jnp.ones(leaf.shape)
                        if j == i else jnp.zeros(leaf.shape)
                    )
                    for j, leaf in enumerate(flat_lam)
                ]
                perturbed_lam = jax.tree_util.tree_unflatten(tree_def, perturbed_lam_leaves)
                w_new = phi_fn(w, perturbed_lam, batch)
                return tree_dot(w_new, alpha)

            f_plus = compute_element_gradient(self.eps)
            f_minus = compute_element_gradient(-self.eps)
            gradient_element = (f_plus - f_minus) / (2 * self.eps)

            result_leaves.append(gradient_element * jnp.ones(shape_i))

        return jax.tree_util.tree_unflatten(tree_def, result_leaves)

    @partial(jax.jit, static_argnums=(0, 4, 5, 6))
    def step(self, state, train_batch, val_batch, train_loss_fn, val_loss_fn, lr_hyper=None):
        phi_fn = self._get_inner_step_fn(state, train_loss_fn)
        w_new = phi_fn(state.params, state.hyperparams, train_batch)
        alpha = jax.grad(val_loss_fn, argnums=0)(w_new, state.hyperparams, val_batch)
        g_fo = jax.grad(val_loss_fn, argnums=1)(w_new, state.hyperparams, val_batch)
        v_t = self._numerical_darts_approximation(
            phi_fn, state.params, state.hyperparams, train_batch, alpha)
        hyper_grad = jax.tree.map(lambda fo, v: fo + v, g_fo, v_t)
        lam_new = jax.tree.map(lambda l, g: l - lr_hyper * g, state.hyperparams, hyper_grad)
        return state.update(params=w_new, hyperparams=lam_new)
