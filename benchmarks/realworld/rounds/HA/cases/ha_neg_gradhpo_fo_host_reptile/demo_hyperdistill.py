# Source: https://github.com/intsystems/gradhpo/blob/7f6123e5a38d7eb3bec77b666d5162512e5b167e/code/demo_hyperdistill.py
# Title: code/demo_hyperdistill.py (HyperDistill proof-of-concept: per-parameter learning rates for an MLP)
# Cut: module docstring, data generation, main() and plotting removed; model, update function, evaluation
#      and the fixed-LR Reptile-style baseline loop kept verbatim.
from __future__ import annotations


import jax
import jax.numpy as jnp
import numpy as np


# ---------------------------------------------------------------------------
# Simple MLP model (pure JAX, no Flax/Haiku)
# ---------------------------------------------------------------------------

def init_mlp(key, in_dim: int, hidden_dim: int, out_dim: int) -> dict:
    """Xavier-initialised two-layer MLP: Linear -> ReLU -> Linear."""
    k1, k2 = jax.random.split(key)
    params = {
        'w1': jax.random.normal(k1, (in_dim, hidden_dim)) * jnp.sqrt(2.0 / in_dim),
        'b1': jnp.zeros(hidden_dim),
        'w2': jax.random.normal(k2, (hidden_dim, out_dim)) * jnp.sqrt(2.0 / hidden_dim),
        'b2': jnp.zeros(out_dim),
    }
    return params


def mlp_forward(params: dict, x: jnp.ndarray) -> jnp.ndarray:
    """Forward pass returning logits."""
    h = jax.nn.relu(x @ params['w1'] + params['b1'])
    return h @ params['w2'] + params['b2']


# ---------------------------------------------------------------------------
# Loss functions
# ---------------------------------------------------------------------------

def cross_entropy_loss(params: dict, batch: tuple) -> jnp.ndarray:
    """Softmax cross-entropy loss (scalar). Internal helper."""
    x, y = batch
    logits = mlp_forward(params, x)
    log_probs = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.mean(jnp.sum(log_probs * y, axis=-1))


def cross_entropy_loss_bilevel(params: dict, hyperparams, batch: tuple) -> jnp.ndarray:
    """Bilevel-compatible loss: (params, hyperparams, batch) -> scalar.
    Hyperparams are not used in the loss directly."""
    return cross_entropy_loss(params, batch)


# ---------------------------------------------------------------------------
# Update function: SGD with per-parameter learning rates
# ---------------------------------------------------------------------------

def make_update_fn(loss_fn):
    """Return Phi(w, lr_params, batch) that does one SGD step
    with per-parameter LR = softplus(lr_params)."""

    def update_fn(w, lr_params, batch):
        grads = jax.grad(loss_fn)(w, batch)
        return jax.tree.map(
            lambda w_i, lr_i, g_i: w_i - jax.nn.softplus(lr_i) * g_i,
            w, lr_params, grads,
        )

    return update_fn


    """Return (loss, accuracy) on the full dataset."""
    logits = mlp_forward(params, jnp.array(X))
    y_oh = jnp.array(Y)
    log_probs = jax.nn.log_softmax(logits, axis=-1)
    loss = -jnp.mean(jnp.sum(log_probs * y_oh, axis=-1))
    acc = jnp.mean(jnp.argmax(logits, axis=-1) == jnp.argmax(y_oh, axis=-1))
    return float(loss), float(acc)


# ---------------------------------------------------------------------------
# Run one training method for M episodes, return val-loss curve
# ---------------------------------------------------------------------------

def run_fixed_lr(w_init, lam, T, M, lr_reptile,
                 update_fn, get_train, get_val, X_val, Y_val):
    """Baseline: fixed learning rate, no HPO."""
    phi = w_init
    losses = []
    for m in range(1, M + 1):
        w = phi
        for _ in range(T):
            w = update_fn(w, lam, get_train())
        phi = jax.tree.map(lambda p, wt: p - lr_reptile * (p - wt), phi, w)
        loss, _ = evaluate(w, X_val, Y_val)
        losses.append(loss)
    return losses


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------
