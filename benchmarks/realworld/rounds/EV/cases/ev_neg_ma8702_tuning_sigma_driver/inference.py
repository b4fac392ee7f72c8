# Source: https://github.com/ellingsvee/MA8702/blob/8c1f19d8824db1289db62261af9c5e58773978dd/project_1_MCMC_techniques/code/src/mcmc/inference.py
# Title: inference.py
# Cut: nothing

import jax


def inference_loop(rng_key, kernel, initial_state, num_samples):
    @jax.jit
    def one_step(state, rng_key):
        new_state, info = kernel(rng_key, state)
        return new_state, (new_state, info)

    keys = jax.random.split(rng_key, num_samples)
    _, (states, infos) = jax.lax.scan(one_step, initial_state, keys)

    return states, infos
