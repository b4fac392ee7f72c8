# Source: https://github.com/carrycooldude/Nano-MoE-JAX/blob/a41cc95bf22cd7b6e14ff47517902f8157e5c641/nano_moe/train.py
# Title: Nano-MoE-JAX: nano_moe/train.py (jitted train step)
# Cut: kept imports and train_step verbatim; TrainState definition cut
from typing import Any, Dict, Tuple
from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax.training import train_state

from nano_moe.config import NanoMoEConfig
from nano_moe.model import NanoMoE
@partial(jax.jit, static_argnums=(3,))
def train_step(
    state: TrainState,
    x: jnp.ndarray,
    y: jnp.ndarray,
    config: NanoMoEConfig,
) -> Tuple[TrainState, Dict[str, Any]]:
    """Single JIT-compiled training step.

    Args:
        state: Current training state.
        x: Input tokens (batch, seq_len).
        y: Target tokens (batch, seq_len).
        config: Hyperparameters (static — used for aux_loss_coeff).

    Returns:
        Updated state and a metrics dict {"loss", "ce_loss", "aux_loss"}.
    """
    dropout_rng, new_dropout_rng = jax.random.split(state.dropout_rng)

    def loss_fn(params):
        logits, aux_loss = state.apply_fn(
            {"params": params},
            x,
            deterministic=False,
            rngs={"dropout": dropout_rng},
        )
        # Cross-entropy loss
        ce_loss = optax.softmax_cross_entropy_with_integer_labels(logits, y)
        ce_loss = jnp.mean(ce_loss)

        total_loss = ce_loss + config.aux_loss_coeff * aux_loss
        return total_loss, (ce_loss, aux_loss)

    grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
    (loss, (ce_loss, aux_loss)), grads = grad_fn(state.params)
    state = state.apply_gradients(grads=grads)
    state = state.replace(dropout_rng=new_dropout_rng)

    metrics = {"loss": loss, "ce_loss": ce_loss, "aux_loss": aux_loss}
    return state, metrics
