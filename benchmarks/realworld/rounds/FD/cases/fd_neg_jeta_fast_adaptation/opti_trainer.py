# Source: https://github.com/SforAiDl/jeta/blob/e55bf83c9f89c662872f50a1ef8885c1085403ef/jeta/opti_trainer.py
# Title: jeta/opti_trainer.py (jeta: meta-learning in JAX/Flax)
# Cut: kept MetaTrainState, meta_train_step and meta_loss; meta_test_step and create dropped,
#      docstrings shortened.
from functools import partial
from typing import Callable, List, Tuple

import jax
import optax
from flax import struct
from flax.training import train_state
from jax.numpy import ndarray


class MetaTrainState(train_state.TrainState):
    adapt_fn: Callable = struct.field(pytree_node=False)
    loss_fn: Callable = struct.field(pytree_node=False)


class OptiTrainer:
    @staticmethod
    @partial(jax.jit, static_argnums=(2,))
    def meta_train_step(
        state: MetaTrainState,
        tasks,
        metrics: List[Callable[[ndarray, ndarray], ndarray]] = [],
    ) -> Tuple[MetaTrainState, ndarray, List[ndarray]]:
        """Performs a single meta-training step on a batch of tasks."""
        params = state.params
        theta = params["params"]

        def batch_meta_train_loss(theta, apply_fn, adapt_fn, loss_fn, tasks):
            loss, metrics_value = jax.vmap(
                OptiTrainer.meta_loss, in_axes=(None, None, None, None, 0, None)
            )(
                params.copy({"params": theta}),
                apply_fn,
                adapt_fn,
                loss_fn,
                tasks,
                metrics,
            )
            return loss.mean(), [metric.mean() for metric in metrics_value]

        (loss, metrics_value), grads = jax.value_and_grad(
            batch_meta_train_loss, has_aux=True
        )(theta, state.apply_fn, state.adapt_fn, state.loss_fn, tasks)
        # state = state.apply_gradients(grads=grads)

        # if state.step == 0: # Initialize optimizer
        #     state = state.replace(opt_state=state.tx.init(state.params["params"]))

        updates, new_opt_state = state.tx.update(
            grads, state.opt_state, state.params["params"]
        )
        new_params = optax.apply_updates(state.params["params"], updates)
        params = state.params.copy({"params": new_params})

        state = state.replace(
            step=state.step + 1, params=params, opt_state=new_opt_state
        )

        return state, loss, metrics_value

    @staticmethod
    def meta_loss(
        params, apply_fn, adapt_fn, loss_fn, task, metrics
    ) -> Tuple[ndarray, List[ndarray]]:
        """Calculates the Meta Loss of a task"""
        support_set, query_set = task

        # Adaptation step
        theta = adapt_fn(params, apply_fn, loss_fn, support_set)

        # Evaluation step
        x_train, y_train = query_set
        logits = apply_fn(params.copy({"params": theta}), x_train, train=False)

        # Calculate metrics
        metrics_value = [metric(logits, y_train) for metric in metrics]

        return loss_fn(logits, y_train), metrics_value
