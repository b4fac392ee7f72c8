# Source: https://github.com/maltelueken/eam-abi-robustness/blob/8373785dd14b0749e5afc11915b1cb9cf374e735/test_blackjax_repeated_warmup.ipynb
# Title: test_blackjax_repeated_warmup.ipynb (NUTS on the analytical RDM likelihood, repeated warmup)
# Cut: cells 0-13 converted to a module; arviz plotting reduced to building the posterior dict;
#      the second warmup / fine-tune cells (14-17) are dropped.
import os
import multiprocessing

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count={}".format(
    multiprocessing.cpu_count()
)
os.environ["JAX_PLATFORMS"] = "cpu"

from pymc_models import run_mcmc, run_mcmc_robust, rdm_model_simple
from data import load_hdf5
import blackjax
import jax
import jax.numpy as jnp

import numpy as np

data = load_hdf5("outputs/experiment_1/+default=true/test_data/test_data_sample_size_1000.hdf5")
observed = data["sim_data"][7,:,:]


def inference_loop(rng_key, kernel, initial_state, num_samples):
    @jax.jit
    def one_step(state, rng_key):
        state, info = kernel(rng_key, state)
        return state, (state, info)

    keys = jax.random.split(rng_key, num_samples)
    _, (states, infos) = jax.lax.scan(one_step, initial_state, keys)

    return states, infos


logdensity_fun = rdm_model_simple(observed)

sampler_fun = blackjax.nuts

rng_key = jax.random.key(2025)
rng_key, warmup_key = jax.random.split(rng_key)

init_position = np.log(np.array([2.0, 2, 1.0, 2.0, 0.5*observed[:,0].min()]))

num_chains = 4

adapt = blackjax.window_adaptation(sampler_fun, logdensity_fun)
(last_state, parameters), _ = adapt.run(rng_key, init_position, num_steps=6000)
kernel = jax.jit(sampler_fun(logdensity_fun, **parameters).step)

last_states = jax.vmap(lambda x: last_state)(np.arange(num_chains))

sample_keys = jax.random.split(rng_key, num_chains)

inference_loop_multiple_chains = jax.pmap(inference_loop, in_axes=(0, None, 0, None), static_broadcasted_argnums=(1, 3))

trace = inference_loop_multiple_chains(
    sample_keys, kernel, last_states, 6000
)

blackjax.diagnostics.potential_scale_reduction(trace[0].position)

import arviz as az

idata = az.from_dict(
    posterior={k: np.exp(trace[0].position[:,:,k])
               for k in range(5)})
