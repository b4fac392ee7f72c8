# Source: https://github.com/Jeevesh8/relational-pt/blob/9a652c77265ec79f41440d5f8f8b7289fe3806e6/train_script.py
# Title: relational-pt: train_script.py (pmapped training step and host-side epoch/batch driver)
# Cut: kept imports, TrainState, the pmapped train_step and the main training loop up to validation; dropped evaluation metrics and checkpoint writing
from functools import partial
from typing import Callable

import jax
import flax
from haiku.data_structures import to_mutable_dict
from flax import serialization
from flax.training import train_state

import jax.numpy as jnp
from jax.random import PRNGKey
from datasets import load_metric

from src.globals import stable_config
from src.params import config
from src.models import pure_cpl, pure_rpl, pure_pc, pure_pr
from src.utils import get_hf_model, get_tokenizer
from src.training.utils import (
    load_relational_metric,
    batch_to_post_tags,
    get_params_dict,
)
from src.training.optimizer import get_adam_opt
from src.dataloaders.text_file_loader import get_tfds_dataset


class TrainState(train_state.TrainState):
    comp_prediction_loss: Callable = flax.struct.field(pytree_node=False)
    relation_prediction_loss: Callable = flax.struct.field(pytree_node=False)
    comp_predictor: Callable = flax.struct.field(pytree_node=False)
    relation_predictor: Callable = flax.struct.field(pytree_node=False)
    config: dict = flax.struct.field(pytree_node=False)


@partial(jax.pmap, axis_name="device_axis", donate_argnums=(0, 1, 2))
def train_step(state, batch, key):
    attention_mask = batch.input_ids != state.config["pad_for"]["input_ids"]
    lengths = jnp.sum(attention_mask, axis=-1)

    def comp_prediction_loss(params, key):
        key, subkey = jax.random.split(key)
        logits = state.apply_fn(
            batch.input_ids,
            attention_mask,
            params=params["embds_params"],
            dropout_rng=subkey,
            train=True,
        )["last_hidden_state"]

        return state.comp_prediction_loss(params["comp_predictor"], key,
                                          logits, lengths, batch.post_tags)

    grad_fn = jax.value_and_grad(comp_prediction_loss)
    key, subkey = jax.random.split(key)
    _comp_prediction_loss, grad = grad_fn(state.params, subkey)
    grad = jax.lax.pmean(grad, axis_name="device_axis")
    new_state = state.apply_gradients(grads=grad)

    def relation_prediction_loss(params, key):
        key, subkey = jax.random.split(key)
        embds = state.apply_fn(
            batch.input_ids,
            attention_mask,
            batch.post_tags,
            params=params["embds_params"],
            dropout_rng=subkey,
            train=True,
        )["last_hidden_state"]

        return state.relation_prediction_loss(
            params["relation_predictor"],
            key,
            embds,
            batch.post_tags == state.config["post_tags"]["B"],
            attention_mask,
            batch.relations,
        )

    grad_fn = jax.value_and_grad(relation_prediction_loss)
    key, subkey = jax.random.split(key)
    _relation_prediction_loss, grad = grad_fn(new_state.params, subkey)
    grad = jax.lax.pmean(grad, axis_name="device_axis")
    new_new_state = new_state.apply_gradients(grads=grad)

    losses = {
        "comp_pred_loss": _comp_prediction_loss,
        "rel_pred_loss": _relation_prediction_loss,
    }
    return new_new_state, losses, key

if __name__ == "__main__":

    key = PRNGKey(42)

    tokenizer = get_tokenizer()

    transformer_model = get_hf_model(len(tokenizer))

    key, subkey = jax.random.split(key)
    params = get_params_dict(subkey, transformer_model)

    opt = get_adam_opt()

    init_train_state = TrainState.create(
        apply_fn=transformer_model.__call__,
        params=params,
        tx=opt,
        comp_prediction_loss=pure_cpl.apply,
        relation_prediction_loss=pure_rpl.apply,
        comp_predictor=pure_pc.apply,
        relation_predictor=pure_pr.apply,
        config=config,
    )

    key = jax.random.split(key, stable_config["num_devices"])

    train_dataset = get_tfds_dataset(config["train_files"], config)
    val_dataset = get_tfds_dataset(config["valid_files"], config)

    num_iters = 0
    loop_state = flax.jax_utils.replicate(init_train_state)
    del init_train_state

    losses = {
        "comp_pred_loss": jnp.array([0.0]),
        "rel_pred_loss": jnp.array([0.0])
    }

    log_loss_n_iters = 100
    validation_n_iters = 100

    for epoch in range(config["n_epochs"]):

        for batch in train_dataset:
            loop_state, step_losses, key = train_step(loop_state, batch, key)
            step_losses = jax.tree_util.tree_map(lambda x: jnp.mean(x, axis=0),
                                                 step_losses)
            losses = jax.tree_multimap(lambda x, y: x + y, losses, step_losses)

            num_iters += 1

            if num_iters % log_loss_n_iters == 0:
                print(
                    "component prediction loss for iterations",
                    num_iters - log_loss_n_iters,
                    "to",
                    num_iters,
                    ":",
                    losses["comp_pred_loss"] / log_loss_n_iters,
                )
                print(
                    "relation prediction loss for iterations",
                    num_iters - log_loss_n_iters,
                    "to",
                    num_iters,
                    ":",
                    losses["rel_pred_loss"] / log_loss_n_iters,
                )
                losses["comp_pred_loss"] = 0.0
                losses["rel_pred_loss"] = 0.0

            if num_iters % validation_n_iters == 0:
                for v_batch in val_dataset:
                    eval_step(loop_state, v_batch)
