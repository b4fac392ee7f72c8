# Source: https://github.com/apple/ml-bilevel-train-dist/blob/46bb96cb4bb22fc6d0aa7073b3884d42acabc6a5/shared/learning.py
# Title: shared/learning.py (learning utils: model forward, backward and update)
# Cut: checkpointing and parameter-pruning helpers removed; loss, apply_model, update_model and the
#      pytree norm/sum helpers kept verbatim.
#
# For licensing see accompanying LICENSE file.
# Copyright (C) 2020 Apple Inc. All Rights Reserved.
#
"""Learning utils: model forward, backward and update."""

from typing import Callable, Optional

import flax
import jax
import jax.numpy as jnp
import optax

import shared.data_pipeline as dp


def weighted_cross_entropy_loss(
    model_fn,
    params,
    batch,
    weights,
    label_smoothing: float = 0.0,
):
    """Default loss function."""
    labels = batch[dp.FIELDS.LABELS]
    rngs = module_rngs(batch)
    logits = model_fn({"params": params}, batch, rngs=rngs)

    target = jax.nn.one_hot(labels, logits.shape[-1])

    if label_smoothing > 0.0:
        eps = label_smoothing / (logits.shape[-1] - 1)
        ones = jnp.ones_like(target)
        target = (1.0 - label_smoothing - eps) * target + eps * ones

    loss = optax.softmax_cross_entropy(logits=logits, labels=target)
    acc = (jnp.argmax(logits, -1) == labels).astype(weights.dtype)
    return loss, acc, weights


def apply_model(
    model_fn,
    loss_fn: Optional[Callable] = None,
    need_gradient: bool = True,
    weight_fn: Optional[Callable] = None,
    reduce: bool = True,
    need_hvp: bool = False,
    normalized_loss: bool = True,
    eps=1e-6,
):
    """Computes gradients, loss and accuracy for a single batch."""
    assert reduce or not need_gradient, "reduce is required with need_gradient."
    if loss_fn is None:
        loss_fn = weighted_cross_entropy_loss

    def fprop_fn(params, batch, weights):
        loss, acc, weights = loss_fn(model_fn, params, batch, weights)
        if not reduce:
            return loss, acc, weights
        if normalized_loss:
            weights = weights / (eps + jnp.sum(weights))
        return jnp.sum(weights * loss), jnp.sum(weights * acc)

    def backprop_fn(params, batch, weights):
        grad_fn = jax.value_and_grad(fprop_fn, has_aux=True)
        (loss, acc), grads = grad_fn(params, batch, weights)
        return grads, loss, acc

    def hvp_fn(params, direction, batch, weights):
        grad_fn = jax.grad(
            lambda params: fprop_fn(params, batch, weights),
            has_aux=True,
        )
        return jax.jvp(
            lambda params: grad_fn(params)[0], [params], [direction]
        )[1]

    if need_gradient:
        fn = backprop_fn
    else:
        fn = fprop_fn

    if weight_fn is not None:
        out_fn = lambda params, batch: fn(params, batch, weight_fn(batch))
    else:
        out_fn = fn

    if need_hvp:
        return (out_fn, hvp_fn)

    return out_fn


def update_model(state, grads, linear: bool = False):
    grad_norm = tree_l2_norm(grads)
    if linear:
        updated_state = state.apply_linear_gradients(grads=grads)
    else:
        updated_state = state.apply_gradients(grads=grads)
    return updated_state, grad_norm


def module_rngs(batch):
    if "rng" in batch:
        return {"dropout": batch["rng"]}
    else:
        return {}


def tree_l2_norm(tree):
    """Compute the l2 norm of a pytree.."""
    leaves, _ = jax.tree_util.tree_flatten(tree)
    return jnp.sqrt(sum(jnp.vdot(x, x) for x in leaves))


def tree_sum(tree):
    """Compute the l2 norm of a pytree.."""
    leaves, _ = jax.tree_util.tree_flatten(tree)
    return sum(jnp.sum(x) for x in leaves)

