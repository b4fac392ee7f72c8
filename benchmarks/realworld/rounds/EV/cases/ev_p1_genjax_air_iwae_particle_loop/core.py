# Source: https://github.com/probcomp/genjax/blob/b8a6b95ecfafb3d397f3184a9572e59bd9068837/examples/air/core.py
# Title: examples/air/core.py (Attend-Infer-Repeat example)
# Cut: network, model and guide definitions, data loading and training loop removed; the objective, its compiled batched gradient and the host-side estimator kept

from __future__ import annotations

import csv
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, NamedTuple, Sequence

import jax
import jax.numpy as jnp
import jax.scipy.special as jsp
import jax.tree_util as jtu
from jax.example_libraries import optimizers
import numpy as np

from genjax import (
    flip,
    flip_enum,
    flip_mvd,
    flip_reinforce,
    gen,
    multivariate_normal_diag_reparam,
)
from genjax.core import distribution
from genjax.adev import expectation
from genjax.pjax import seed



def make_air_objective(
    estimator: EstimatorName,
    *,
    config: AIRConfig = DEFAULT_CONFIG,
    num_particles: int = 1,
):
    if num_particles <= 0:
        raise ValueError("num_particles must be >= 1")

    model = make_air_model(config=config)
    guide = make_air_guide(estimator, config=config)

    log_num_particles = jnp.log(float(num_particles))

    def single_log_weight(obs, params):
        tr = guide.simulate(obs, params)

        merged_choices, _ = model.merge(
            {"obs": obs},
            tr.get_choices(),
        )
        model_logp, _ = model.assess(merged_choices, params.decoder)

        return jnp.sum(model_logp) + tr.get_score()

    @expectation
    def objective(obs, params):
        if num_particles == 1:
            return single_log_weight(obs, params)

        log_weights = []
        for _ in range(num_particles):
            log_weights.append(single_log_weight(obs, params))

        stacked = jnp.stack(log_weights)
        return jsp.logsumexp(stacked) - log_num_particles

    return objective, model, guide


def _compile_batched_loss_and_grad(objective):
    seeded_loss_and_grad = seed(
        lambda obs, params: (
            objective.prog.source.value(obs, params),
            objective.grad_estimate(obs, params)[1],
        )
    )
    return jax.jit(jax.vmap(seeded_loss_and_grad, in_axes=(0, 0, None)))


def _compile_batched_estimate(objective):
    seeded_estimate = seed(lambda obs, params: objective.prog.source.value(obs, params))
    return jax.jit(jax.vmap(seeded_estimate, in_axes=(0, 0, None)))



def estimate_objective_statistics(
    objective,
    params: AIRParams,
    observations: jnp.ndarray,
    *,
    n_mc_samples: int = 8,
    seed_value: int = 0,
    batch_size: int = 1024,
) -> tuple[float, float]:
    """Estimate mean/variance of objective values over data and RNG draws.

    Evaluation is batched over observations to keep memory bounded on GPU.
    """

    if n_mc_samples <= 0:
        raise ValueError("n_mc_samples must be >= 1")
    if batch_size <= 0:
        raise ValueError("batch_size must be >= 1")

    batch_estimate = _compile_batched_estimate(objective)

    key = jax.random.key(seed_value)
    means = []
    num_examples = observations.shape[0]

    for _ in range(n_mc_samples):
        key, sub_key = jax.random.split(key)

        total = 0.0
        for start in range(0, num_examples, batch_size):
            stop = min(start + batch_size, num_examples)
            obs_batch = observations[start:stop]

            batch_key = jax.random.fold_in(sub_key, start)
            keys = jax.random.split(batch_key, stop - start)
            values = batch_estimate(keys, obs_batch, params)
            total = total + jnp.sum(values)

        means.append(total / num_examples)

    sample_means = jnp.stack(means)
    return float(jnp.mean(sample_means)), float(jnp.var(sample_means))


