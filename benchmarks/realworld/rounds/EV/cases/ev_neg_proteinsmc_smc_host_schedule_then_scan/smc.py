# Source: https://github.com/maraxen/proteinsmc/blob/6cbb804c4bc9e0f33d40177db0bbc6076ee61a18/src/proteinsmc/sampling/smc.py
# Title: smc.py
# Cut: config/state dataclasses, the body of the jitted smc_step and config validation replaced by stubs; smc_sampler kept to the end of the scan

"""Implementation of the Sequential Monte Carlo (SMC) sampler for sequence design."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from logging import getLogger
from typing import TYPE_CHECKING, Literal

import jax
import jax.nn
import jax.numpy as jnp
from jax import jit, lax, random
from proteinsmc.utils import diversify_initial_sequences, generate_template_population


@partial(jit, static_argnames=("config",))
def smc_step(state: SMCCarryState, config: SMCConfig) -> tuple[SMCCarryState, dict]:
  """One SMC generation: mutate, weight, resample (body cut)."""
  ...


def _validate_smc_config(config):
  ...


def smc_sampler(key: PRNGKeyArray, config: SMCConfig) -> SMCOutput:
  """Run a Sequential Monte Carlo simulation for sequence design."""
  _validate_smc_config(config)
  initial_population = generate_template_population(
    initial_sequence=config.template_sequence,
    population_size=config.population_size,
    input_sequence_type=config.sequence_type,
    output_sequence_type=config.sequence_type,
  )
  population_size = initial_population.shape[0]
  logger.info(
    "Running SMC (JAX) | Shape=%s | Schedule=%s | PopulationSize=%d | Steps=%d",
    initial_population.shape,
    config.annealing_schedule_config.schedule_fn.__name__,
    population_size,
    config.generations,
  )

  key, subkey = random.split(key)
  initial_population = diversify_initial_sequences(
    key=subkey,
    template_sequences=initial_population,
    mutation_rate=config.diversification_ratio,
    sequence_type=config.sequence_type,
  )

  annealing_len = jnp.array(config.annealing_schedule_config.annealing_len, dtype=jnp.int32)
  beta_max = jnp.array(config.annealing_schedule_config.beta_max, dtype=jnp.float32)

  beta_schedule = jnp.array(
    [
      config.annealing_schedule_config.schedule_fn(
        i + 1,
        annealing_len,
        beta_max,
      )
      for i in jnp.arange(config.generations)
    ],
    dtype=jnp.float32,
  )

  key, subkey = random.split(key)
  initial_state = SMCCarryState(
    key=subkey,
    population=initial_population,
    logZ_estimate=jnp.array(0.0, dtype=jnp.float32),
    beta=beta_schedule[0],
  )

  def scan_body(
    carry_state: SMCCarryState,
    beta_current_step: ScalarFloat,
  ) -> tuple[SMCCarryState, dict]:
    state_for_step = SMCCarryState(
      key=carry_state.key,
      population=carry_state.population,
      logZ_estimate=carry_state.logZ_estimate,
      beta=beta_current_step,
      step=carry_state.step,
    )
    next_state, metrics = smc_step(state_for_step, config)
    return next_state, metrics

  final_state, collected_metrics = lax.scan(
    scan_body,
    initial_state,
    beta_schedule,
    length=config.generations,
  )
