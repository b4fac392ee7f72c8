# Source: https://github.com/JR-1991/Catalax/blob/234d0fd1470abc4fbe23aa5577fb1593b6045196/catalax/neural/trainer.py
# Title: Catalax catalax/neural/trainer.py (neural ODE / universal ODE training)
# Cut: kept imports and _prepare_step_and_loss (filter_value_and_grad loss with penalties, filter_jit step) without docstrings
import os
from datetime import datetime
from typing import Callable, Dict, Optional, Tuple, Type, TypeVar

import diffrax
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jrandom
import optax
import tqdm

from catalax.dataset.dataset import Dataset
from catalax.neural.neuralbase import NeuralBase
from catalax.neural.penalties.penalties import Penalties
from catalax.neural.strategy import Step, Strategy
# ...
def _prepare_step_and_loss(loss) -> Tuple[Callable, Callable]:
# ...
    @eqx.filter_value_and_grad
    def grad_loss(
        diff_model,
        static_model,
        ti: jax.Array,
        yi: jax.Array,
        y0i: jax.Array,
        penalties: Penalties,
        mask: jax.Array,
    ):
# ...

        model = eqx.combine(diff_model, static_model)
        y_pred = jax.vmap(model, in_axes=(0, 0))(ti, y0i)

        # Per-point loss; broadcast mask across batch and state dims.
        # Expected shape of `loss(y_pred, yi)` is (batch, time, n_states).
        per_point_loss = loss(y_pred, yi)
        broadcast_mask = mask[None, :, None]
        masked = per_point_loss * broadcast_mask

        # Normalize by kept points so the gradient scale is invariant in
        # `temporal_dropout_p`.
        denom = broadcast_mask.sum() * per_point_loss.shape[0] * per_point_loss.shape[2]
        loss_value = masked.sum() / denom

        return loss_value + penalties(model)

    @eqx.filter_jit
    def make_step(
        ti,
        yi,
        y0i,
        model,
        opt_state,
        optimizer,
        partitioned_model,
        penalties,
        mask,
    ):
# ...

        diff_model, static_model = partitioned_model
        loss, grads = grad_loss(
            diff_model,
            static_model,
            ti,
            yi,
            y0i,
            penalties,
            mask,
        )

        # Pass params to optimizer.update() for optimizers that require it (e.g., weight decay)
        diff_params = eqx.filter(diff_model, eqx.is_inexact_array)
        updates, opt_state = optimizer.update(grads, opt_state, diff_params)
        # Apply updates to diff_model, then combine back with static_model
        diff_model = eqx.apply_updates(diff_model, updates)
        model = eqx.combine(diff_model, static_model)

        return loss, model, opt_state

    return make_step, grad_loss
