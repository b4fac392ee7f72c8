# Source: https://github.com/apple/ml-bilevel-train-dist/blob/46bb96cb4bb22fc6d0aa7073b3884d42acabc6a5/shared/meta_learning.py
# Title: shared/meta_learning.py (meta-learning methods for learning a training-data weighting: SOBA, anograd, reweighting)
# Cut: license header kept; only _tree_vdot, split_batch, sample_batch, _scaled_default_weighting and
#      anograd (whose meta_loss is differentiated with jax.value_and_grad) kept.
#
# For licensing see accompanying LICENSE file.
# Copyright (C) 2020 Apple Inc. All Rights Reserved.
#
"""Meta-learning methods."""

import functools
from typing import Callable, Optional

import jax
import jax.numpy as jnp
import ml_collections

from shared import data_pipeline as dp
from shared import learning
from shared import model as sm
from shared import parallel


def _tree_vdot(a, b):
    """Dot product between two trees of vectors."""
    a, _ = jax.tree_util.tree_flatten(a)
    b, _ = jax.tree_util.tree_flatten(b)
    return sum(jnp.vdot(x, y) for x, y in zip(a, b))


def _tree_cosine(a, b, eps):
    """(Batched) Dot product between two trees of vectors.
    note: <a> can be contain batch of vectors (matrices).
    """

    def dot_prod_norm_fn(x, y):
        dim = y.size
        x = x.reshape((-1, dim))
        y = y.flatten()
        x2 = (x * x).sum(axis=-1)
        y2 = (y * y).sum()
        return jnp.matmul(x, y), x2, y2

    a, _ = jax.tree_util.tree_flatten(a)
    b, _ = jax.tree_util.tree_flatten(b)
    dpn = zip(*[dot_prod_norm_fn(x, y) for x, y in zip(a, b)])
    dot_prod, norm_a2, norm_b2 = [jnp.stack(x).sum(axis=0) for x in dpn]

    cosine = dot_prod / (eps + jnp.sqrt(norm_a2 * norm_b2))
    cosine = cosine[0] if cosine.shape[0] == 1 else cosine
    return cosine


def split_batch(inputs, n=2):
    """Split a batch in equal subparts."""
    outputs = {
        k: (
            jax.random.split(v, n)
            if k == "rng"
            else v.reshape((n, -1) + v.shape[1:])
        )
        for k, v in inputs.items()
    }
    return [{k: v[i] for k, v in outputs.items()} for i in range(n)]


def sample_batch(rng, batch, weights, batch_size, sample="rand"):
    if sample == "rand":
        ids = jax.random.permutation(rng, batch["inputs"].shape[0])[:batch_size]
    elif sample == "top":
        per_example_weights = jnp.sum(weights, axis=range(1, weights.ndim))
        ids = jnp.argsort(-per_example_weights)[:batch_size]
    elif sample == "multi" or sample == "multi_repl":
        per_example_weights = jnp.sum(weights, axis=range(1, weights.ndim))
        ids = jax.random.choice(
            rng,
            batch["inputs"].shape[0],
            (batch_size,),
            p=per_example_weights,
            replace=(sample == "multi_repl"),
        )

    return {
        k: v if k in dp.NON_SELECTABLE_FIELDS else v[ids]
        for k, v in batch.items()
    }


def _adam_grad_scaling(grad, model_state, eps=1e-8, decay=0.999):
    adam_state = model_state.opt_state[0]
    mu, count = adam_state.mu, adam_state.count
    bias_c = 1.0 - decay**count
    scale_fn = lambda g, v: (g / (jnp.sqrt(v / bias_c) + eps)).astype(g.dtype)
    return jax.tree_map(scale_fn, grad, mu)


def _scaled_default_weighting(default_weight_fn):
    """Combine default weights with a single weight per example for 2D+ dim."""

    def fn(batch, weights):
        default_w = default_weight_fn(batch)
        weights = jnp.expand_dims(weights, range(weights.ndim, default_w.ndim))
        return default_w * weights.astype(default_w.dtype)

    return fn


def anograd(
    model_state,
    weight_state,
    generic_batch,
    specific_batch,
    rng,
    default_weight_fn,
    parameter_filter: Optional[Callable[[str], bool]] = None,
    eps=1e-6,
    sampling="multi",
    hessian_free=True,
):
    """Aligned normalized gradient method."""
    generic_fn = learning.apply_model(
        model_state.generic_fn,
        loss_fn=model_state.generic_loss_fn,
        need_gradient=True,
        normalized_loss=False,
    )
    specific_fn, hvp_specific_fn = learning.apply_model(
        model_state.specific_fn,
        loss_fn=model_state.specific_loss_fn,
        need_gradient=True,
        normalized_loss=False,
        need_hvp=True,
    )
    rngs = list(jax.random.split(rng, 2))
    small_bsz = specific_batch["inputs"].shape[0]
    g_sample = sample_batch(rngs[0], generic_batch, None, small_bsz)
    scaled_default_weighting = _scaled_default_weighting(default_weight_fn)

    def weight_fn(params, batch):
        return weight_state.apply_fn({"params": params}, batch).flatten()

    def concentration_metric(w):
        w2 = w * w
        arg_top = jnp.argsort(-w2)[:small_bsz]
        return w2[arg_top].sum() / w2.sum()

    def meta_loss(w_params):
        # mean generic gradient
        m_params = model_state.params
        w = scaled_default_weighting(g_sample, weight_fn(w_params, g_sample))
        g_grads = generic_fn(m_params, g_sample, w)[0]
        g_grads = learning.selective_zeros(g_grads, parameter_filter)

        # mean specific gradient
        w = default_weight_fn(specific_batch)
        s_grads = specific_fn(m_params, specific_batch, w)[0]

        loss = -_tree_vdot(g_grads, s_grads)
        if hessian_free:
            norm2 = _tree_vdot(g_grads, g_grads)
        else:
            hvp = hvp_specific_fn(
                m_params,
                g_grads,
                specific_batch,
                default_weight_fn(specific_batch),
            )
            norm2 = _tree_vdot(g_grads, hvp)
        loss /= jnp.sqrt(norm2) + eps
        return loss

    # the weighting model minimizes this loss.
    grad_fn = jax.value_and_grad(meta_loss)
    meta_loss, w_grad = grad_fn(weight_state.params)

    # select the subset of the initial large batch.
    w = weight_fn(weight_state.params, generic_batch)
    c_metric = concentration_metric(w)
    w = scaled_default_weighting(generic_batch, w)
    prob = w / w.sum()
    g_subset = sample_batch(
        rng=rngs[1],
        batch=generic_batch,
        weights=prob,
        batch_size=small_bsz,
        sample=sampling,
    )

    metrics = meta_loss, 0.0, c_metric
    return w_grad, metrics, default_weight_fn(g_subset), g_subset

