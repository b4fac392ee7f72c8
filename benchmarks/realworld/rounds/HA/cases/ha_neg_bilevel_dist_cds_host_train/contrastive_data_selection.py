# Source: https://github.com/apple/ml-bilevel-train-dist/blob/46bb96cb4bb22fc6d0aa7073b3884d42acabc6a5/shared/contrastive_data_selection.py
# Title: shared/contrastive_data_selection.py (contrastive data selection, Wang et al. 2018, as a data-weighting baseline)
# Cut: _overload_config_dict, _train_cds_selector and the meta-step function removed; the host-side
#      scoring loop over the training set and the fine-tuning loop over pmapped steps kept verbatim.
#
# For licensing see accompanying LICENSE file.
# Copyright (C) 2020 Apple Inc. All Rights Reserved.
#
"""Contrastive data selection

as defined in

Denoising Neural Machine Translation Training with
Trusted Data and Online Data Selection, Wei Wang et al 2018.

See config specification in the function doc string.
"""
import functools

import flax
import jax
import jax.numpy as jnp
import ml_collections
import numpy as np
import shared.data_pipeline as dp
from absl import logging
from shared import learning, meta_learning
from shared import model as sm
from shared import parallel


def _generic_loss_per_example(
    model_state,
    default_weight_fn,
    train_batch_fn,
    num_sub_batches=1,  # optionally break batches in sub-pieces
):
    """Score the training set and return a mapping ids: scores"""
    model_state = parallel.replicate(model_state)
    generic_fn = learning.apply_model(
        model_state.eval_generic_fn,  # this assume no packing.
        loss_fn=model_state.generic_loss_fn,
        need_gradient=False,
        weight_fn=default_weight_fn,
        reduce=False,
    )
    generic_fn = parallel.pmap(generic_fn, axis_name="batch")

    def loss_per_sample(batch):
        loss, _, weights = generic_fn(model_state.params, parallel.shard(batch))
        loss = loss * weights
        while loss.ndim > 2:
            loss = loss.sum(axis=-1)
            weights = weights.sum(axis=-1)
        return np.array(parallel.unshard(loss / weights))

    batch_idx, results = 0, {}
    while True:
        batch = parallel.unshard(train_batch_fn(batch_idx))
        batch_idx += 1

        ids = np.array(batch[dp.FIELDS.IDENTIFIER]).flatten()
        if ids[0] in results:  # only do one epoch.
            break

        for b in meta_learning.split_batch(batch, num_sub_batches):
            ids = np.array(b[dp.FIELDS.IDENTIFIER]).flatten()
            if ids[0] in results:  # only do one epoch.
                break
            loss = loss_per_sample(b)
            assert loss.shape[0] == ids.shape[0]
            results.update({i: l for i, l in zip(ids, loss)})

        if batch_idx % 100 == 0:
            logging.info("scored: %d" % len(results))

    return results


def _specific_train(model_state, weight_fn, batch_fn, num_steps, rng):
    """Train a model on specific data for num_steps."""
    model_state = parallel.replicate(model_state)
    specific_fn = learning.apply_model(
        model_state.specific_fn,
        loss_fn=model_state.specific_loss_fn,
        need_gradient=True,
        weight_fn=weight_fn,
    )

    @functools.partial(parallel.pmap, axis_name="batch")
    def specific_train_step(model_state, s_batch):
        p = model_state.params
        s_grads, _, _ = specific_fn(p, s_batch)
        s_grads = parallel.pmean(s_grads, "batch")
        model_state, _ = learning.update_model(model_state, s_grads)
        return model_state

    for step in range(num_steps):
        batch = batch_fn(step)
        rng_cur, rng = jax.random.split(rng)
        batch.update({"rng": parallel.shard_prng_key(rng_cur)})
        model_state = specific_train_step(
            model_state,
            batch,
        )

    return parallel.unreplicate(model_state)

