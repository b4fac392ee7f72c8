# Source: https://github.com/Jeevesh8/arg_mining/blob/70bed6772fb348a74a9b8b08afc67d3e03fc6379/models/jax/__init__.py
# Title: arg_mining: models/jax/__init__.py (haiku-transformed losses and predictors)
# Cut: kept the pre-training losses/predictors and their hk.transform; dropped the fine-tuning duplicates, copy_weights and get_samples
from typing import Optional, Dict, List, Tuple
from functools import partial

import jax
import jax.numpy as jnp
import haiku as hk

from .relational_model import relational_model
from .tree_crf import tree_crf
from .linear_crf import crf_layer
from .configs import config


def comp_prediction_loss(logits, lengths, label_tags):
    return crf_layer(n_classes=2)(hk.Linear(2)(logits), lengths, label_tags)


def get_log_energies(embds, choice_mask, attention_mask, max_comps, embed_dim,
                     n_rels):

    rel_model = relational_model(n_rels=n_rels,
                                 max_comps=max_comps,
                                 embed_dim=embed_dim)

    log_energies = rel_model(embds, choice_mask)

    return log_energies


def relation_prediction_loss(embds, choice_mask, attention_mask,
                             label_relations, max_comps, embed_dim):
    log_energies = get_log_energies(embds, choice_mask, attention_mask,
                                    max_comps, embed_dim, 1)
    return tree_crf().disc_loss(log_energies, label_relations)


relation_prediction_loss = partial(
    relation_prediction_loss,
    max_comps=config["max_comps"],
    embed_dim=config["embed_dim"],
)


def predict_components(logits, lengths):
    return crf_layer(n_classes=2).batch_viterbi_decode(
        hk.Linear(2)(logits), lengths)[0]


def predict_relations(embds, choice_mask, attention_mask, max_comps,
                      embed_dim):
    log_energies = get_log_energies(embds, choice_mask, attention_mask,
                                    max_comps, embed_dim, 1)
    return tree_crf().mst(log_energies)[1]


predict_relations = partial(
    predict_relations,
    max_comps=config["max_comps"],
    embed_dim=config["embed_dim"],
)

pure_cpl = hk.transform(comp_prediction_loss)
pure_rpl = hk.transform(relation_prediction_loss)

pure_pc = hk.transform(predict_components)
pure_pr = hk.transform(predict_relations)
