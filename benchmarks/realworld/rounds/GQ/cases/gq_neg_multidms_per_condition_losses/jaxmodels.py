# Source: https://github.com/matsengrp/multidms/blob/c927da0e197feef755d5f5f6ed0a482319980630/multidms/jaxmodels.py
# Title: multidms multidms/jaxmodels.py (equinox model fitted across experimental conditions)
# Cut: functional_score_loss and the jitted objectives of fit() kept; the rest of fit (block coordinate descent driver) cut
from typing import Any, Callable

import equinox as eqx
import jax
import jax.numpy as jnp
import jaxopt


def functional_score_loss(model, data_sets, δ=1.0):
    r"""Huber loss on functional scores, one entry per condition."""
    score_pred = model.predict_score(data_sets)
    result = {}
    for d in data_sets:
        y = data_sets[d].functional_scores
        f = score_pred[d]
        result[d] = jaxopt.loss.huber_loss(y, f, δ).sum()
    return result


def make_objectives(loss_fn: Callable = functional_score_loss, loss_kwargs: dict[str, Any] = dict(δ=1.0)):

    def _beta_ridge_penalty(model, beta0_ridge=0.0):
        penalty = 0.0
        ref_beta0 = model.φ[model.reference_condition].β0
        for d in model.φ:
            if d != model.reference_condition:
                penalty += (model.φ[d].β0 - ref_beta0) ** 2
        return penalty * beta0_ridge

    @jax.jit
    def objective_part(model_part, model_rest, data_sets, scale=1.0, beta0_ridge=0.0):
        model = eqx.combine(model_part, model_rest)
        loss = sum(loss_fn(model, data_sets, **loss_kwargs).values())
        return (loss + _beta_ridge_penalty(model, beta0_ridge)) / scale

    @jax.jit
    def objective_total(
        model, data_sets, l2reg=0.0, fusionreg=0.0, scale=1.0, beta0_ridge=0.0
    ):
        loss = sum(loss_fn(model, data_sets, **loss_kwargs).values())
        l2_penalty = 0.0
        fusion_penalty = 0.0
        for d in data_sets:
            β = model.φ[d].β
            l2_penalty += (β**2).sum()
            if d != model.reference_condition:
                fusion_penalty += jnp.abs(
                    model.φ[d].β - model.φ[model.reference_condition].β
                ).sum()
        return (
            loss
            + l2reg * l2_penalty
            + fusionreg * fusion_penalty
            + _beta_ridge_penalty(model, beta0_ridge)
        ) / scale

    return objective_part, objective_total
