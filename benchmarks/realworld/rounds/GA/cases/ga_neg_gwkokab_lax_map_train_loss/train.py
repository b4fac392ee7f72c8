# Source: https://github.com/kokabsc/gwkokab/blob/e25ee5a908bfaccef9c18c79062e4a39856776e3/src/gwkokab/utils/train.py
# Title: gwkokab src/gwkokab/utils/train.py (training the neural selection-function emulator)
# Cut: kept the losses and predict; IO helpers, plotting and the training driver dropped; a minimal make_step added in the file's style to show the loss under an optax update.
from typing import Optional

import equinox as eqx
import jax
import optax
from jax import numpy as jnp
from jaxtyping import Array, PyTree


@eqx.filter_value_and_grad
@eqx.filter_jit
def mse_loss_fn(
    model: PyTree, x: Array, y: Array, batch_size: Optional[int] = 256
) -> Array:
    """Mean squared error loss."""
    y_pred = jax.lax.map(model, x, batch_size=batch_size)
    return jnp.mean(jnp.square(y - y_pred))


@eqx.filter_value_and_grad
@eqx.filter_jit
def bce_logits_loss_fn(
    model: PyTree,
    x: Array,
    y: Array,
    batch_size: Optional[int] = 256,
    eps: float = 1e-6,
) -> Array:
    """Binary cross-entropy with logits (numerically stable)."""
    logits = jax.lax.map(model, x, batch_size=batch_size)
    y = jnp.clip(y, eps, 1.0 - eps)
    loss = optax.sigmoid_binary_cross_entropy(logits=logits, labels=y)
    return jnp.mean(loss)


@eqx.filter_jit
def predict(model: PyTree, x: Array, batch_size: Optional[int] = 256) -> Array:
    """Predict outputs for inputs x."""
    return jax.lax.map(model, x, batch_size=batch_size)


@eqx.filter_jit
def make_step(model, opt_state, optimizer, x, y):
    loss, grads = mse_loss_fn(model, x, y)
    updates, opt_state = optimizer.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    return model, opt_state, loss
