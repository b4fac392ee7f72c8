# Source: https://github.com/chriscarmona/modularbayes/blob/66c4562cf3d08e3238d10438ed5e95f3a741add1/examples/random_effects/sample_mcmc.py
# Title: examples/random_effects/sample_mcmc.py (two-stage cut-posterior NUTS with blackjax)
# Cut: stage 1, config handling, warm-up and ArviZ post-processing removed; the jitted stage-2 log density
#      (a closure over the data batch in the source) is passed in as logdensity_fn_stg2; the chunk loop and
#      inference_loop_stg2 are the author's.
from typing import Callable, Dict

import jax
from jax import numpy as jnp
import blackjax
from blackjax.mcmc.hmc import HMCState

Array = jnp.ndarray
PRNGKey = jnp.ndarray


def inference_loop_stg2(
    prng_key: PRNGKey,
    initial_states: HMCState,
    hmc_params: Dict[str, Array],
    logdensity_fn_conditional: Callable,
    conditioner_logprob,
    num_samples_stg1: int,
    num_samples_stg2: int,
    num_chains: int,
):
  # We only need to keep the last sample of the subchains
  def one_step(states, rng_keys):
    kernel_fn_multichain = jax.vmap(
        lambda state, cond, hmc_param, key_nuts_: blackjax.nuts(
            logdensity_fn=lambda x: logdensity_fn_conditional(
                model_params_sampled=x,
                model_params_cond=cond,
            ),
            step_size=hmc_param["step_size"],
            inverse_mass_matrix=hmc_param["inverse_mass_matrix"],
        ).step(
            rng_key=key_nuts_,
            state=state,
        ))
    kernel_fn_multicond_multichain = jax.vmap(
        lambda states_, conds_, keys_nuts_: kernel_fn_multichain(
            states_,
            conds_,
            hmc_params,
            keys_nuts_,
        ))
    states_new, _ = kernel_fn_multicond_multichain(
        states,
        conditioner_logprob,
        rng_keys,
    )
    return states_new, None

  keys = jax.random.split(
      prng_key, num_samples_stg2 * num_samples_stg1 * num_chains).reshape(
          (num_samples_stg2, num_samples_stg1, num_chains, 2))

  last_state, _ = jax.lax.scan(one_step, initial_states, keys)

  return last_state


def sample_stage2(config, prng_seq, logdensity_fn_stg2, hmc_params_stg2,
                  model_params_condstg2_unb_samples, initial_position_i):
    # The number of samples is large and often it does not fit into GPU memory
    # we split the sampling of stage 2 into chunks
    assert config.num_samples % config.num_samples_perchunk_stg2 == 0
    num_chunks_stg2 = config.num_samples // config.num_samples_perchunk_stg2

    init_fn_multichain = jax.vmap(lambda param, cond, hmc_param: blackjax.nuts(
        logdensity_fn=lambda param_: logdensity_fn_stg2(
            model_params_sampled=param_,
            model_params_cond=cond,
        ),
        step_size=hmc_param["step_size"],
        inverse_mass_matrix=hmc_param["inverse_mass_matrix"],
    ).init(position=param))
    init_fn_multicond_multichain = jax.vmap(
        lambda param_, cond_: init_fn_multichain(
            param=param_,
            cond=cond_,
            hmc_param=hmc_params_stg2,
        ))

    samples_chunks = []
    for i in range(num_chunks_stg2):
      # Take a chunk of samples from the conditional (no-cut) parameters
      cond_i = jax.tree_map(
          lambda x: x[
              :,
              (i * config.num_samples_perchunk_stg2):
              ((i + 1) * config.num_samples_perchunk_stg2),
              ...,
          ].swapaxes(0, 1),
          model_params_condstg2_unb_samples,
      )
      # Get value to initialize sampling in this chunk
      initial_state_i = init_fn_multicond_multichain(initial_position_i, cond_i)
      # Sampling loop for this chunk of stage 2
      states_stg2_i = inference_loop_stg2(
          prng_key=next(prng_seq),
          initial_states=initial_state_i,
          hmc_params=hmc_params_stg2,
          logdensity_fn_conditional=logdensity_fn_stg2,
          conditioner_logprob=cond_i,
          num_samples_stg1=config.num_samples_perchunk_stg2,
          num_samples_stg2=config.num_samples_subchain_stg2,
          num_chains=config.num_chains,
      )
      samples_chunks.append(states_stg2_i.position)
      # Subsequent chunks initialise in last position of the previous chunk
      initial_position_i = states_stg2_i.position

    # Concatenate samples from each chunk, across samples dimension
    model_params_cut_unb_samples = (
        jax.tree_map(  # pylint: disable=no-value-for-parameter
            lambda *x: jnp.concatenate(x, axis=0), *samples_chunks))
    return model_params_cut_unb_samples
