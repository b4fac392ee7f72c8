# Source: https://github.com/intsystems/gradhpo/blob/7f6123e5a38d7eb3bec77b666d5162512e5b167e/src/gradhpo/algorithms/greedy.py
# Title: gradhpo/algorithms/greedy.py (Generalized greedy gradient-based hyperparameter optimization)
# Cut: kept __init__, _one_inner_step, _rollout, _compute_hypergradient_from_rollout and the jitted step; dropped docstrings, metadata and run().
from functools import partial
from typing import Tuple

import jax
import jax.numpy as jnp
import jax.tree_util as jtu
import optax


class GreedyOptimizer:
    def __init__(self, inner_optimizer, outer_optimizer, unroll_steps: int = 1, gamma: float = 0.9):
        self.inner_optimizer = inner_optimizer
        self.outer_optimizer = outer_optimizer
        self.unroll_steps = unroll_steps  # horizon T (5, 10, 20 in the demos)
        self.gamma = gamma

    def _one_inner_step(self, params, hyperparams, inner_opt_state, train_batch, train_loss_fn):
        loss, grads = jax.value_and_grad(train_loss_fn)(params, hyperparams, train_batch)
        updates, new_inner_opt_state = self.inner_optimizer.update(grads, inner_opt_state, params)
        new_params = optax.apply_updates(params, updates)
        return new_params, new_inner_opt_state, loss

    def _rollout(self, state, train_batch, train_loss_fn):
        params = state.params
        inner_opt_state = state.inner_opt_state
        transitions = []
        last_train_loss = jnp.asarray(0.0)

        for _ in range(self.unroll_steps):
            pre_params = params
            pre_inner_opt_state = inner_opt_state

            params, inner_opt_state, last_train_loss = self._one_inner_step(
                params=params,
                hyperparams=state.hyperparams,
                inner_opt_state=inner_opt_state,
                train_batch=train_batch,
                train_loss_fn=train_loss_fn,
            )

            transitions.append((pre_params, pre_inner_opt_state, params))

        return params, inner_opt_state, last_train_loss, tuple(transitions)

    def _compute_hypergradient_from_rollout(self, hyperparams, final_params, transitions,
                                            train_batch, val_batch, train_loss_fn, val_loss_fn):
        hypergrad = jax.grad(lambda hp: val_loss_fn(final_params, hp, val_batch))(hyperparams)

        total_steps = len(transitions)

        for t, (pre_params, pre_inner_opt_state, post_params) in enumerate(
            transitions, start=1
        ):
            weight = self.gamma ** (total_steps - t)

            val_grad_wt = jax.grad(lambda p: val_loss_fn(p, hyperparams, val_batch))(post_params)

            weighted_val_grad_wt = jtu.tree_map(lambda g: weight * g, val_grad_wt)

            def phi(hp):
                train_grads = jax.grad(train_loss_fn)(pre_params, hp, train_batch)
                updates, _ = self.inner_optimizer.update(train_grads, pre_inner_opt_state, pre_params)
                return optax.apply_updates(pre_params, updates)

            _, vjp_fn = jax.vjp(phi, hyperparams)
            local_hypergrad = vjp_fn(weighted_val_grad_wt)[0]

            hypergrad = jtu.tree_map(lambda a, b: a + b, hypergrad, local_hypergrad)

        return hypergrad

    @partial(jax.jit, static_argnums=(0, 4, 5))
    def step(self, state, train_batch, val_batch, train_loss_fn, val_loss_fn):
        final_params, final_inner_opt_state, last_train_loss, transitions = self._rollout(
            state=state, train_batch=train_batch, train_loss_fn=train_loss_fn,
        )
        hypergrad = self._compute_hypergradient_from_rollout(
            hyperparams=state.hyperparams, final_params=final_params, transitions=transitions,
            train_batch=train_batch, val_batch=val_batch,
            train_loss_fn=train_loss_fn, val_loss_fn=val_loss_fn,
        )
        outer_updates, new_outer_opt_state = self.outer_optimizer.update(
            hypergrad, state.outer_opt_state, state.hyperparams)
        new_hyperparams = optax.apply_updates(state.hyperparams, outer_updates)
        return state.update(params=final_params, hyperparams=new_hyperparams,
                            inner_opt_state=final_inner_opt_state,
                            outer_opt_state=new_outer_opt_state)
