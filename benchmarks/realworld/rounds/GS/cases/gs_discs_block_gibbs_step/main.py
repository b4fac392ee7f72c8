# Source: https://github.com/google-research/discs/blob/5436dc52ff0ea96d262c49638a581a86abec8d8d/dmcx/main/main.py
# Title: dmcx/main/main.py (sampler driver: jits sampler.step and runs the chain)
# Cut: kept split, compute_chain and the part of main that jits or pmaps sampler.step;
#      config loading, model/sampler factories, error metrics and plotting dropped.
import jax
import jax.numpy as jnp
from jax import random
from tqdm import tqdm


def split(arr, n_devices):
  return arr.reshape(n_devices, arr.shape[0] // n_devices, *arr.shape[1:])


def compute_chain(model, chain_length, chain_burnin_length, sampler_step, state,
                  params, rng_sampler_step, x, n_devices):
  chain = []
  for _ in tqdm(range(chain_length)):
    rng_sampler_step_p = jax.random.split(rng_sampler_step, num=n_devices)
    x, state = sampler_step(model, rng_sampler_step_p, x, params, state)
    del rng_sampler_step_p
    rng_sampler_step, _ = jax.random.split(rng_sampler_step)
    chain.append(x)
  return jnp.array(chain), jnp.array(
      chain[chain_burnin_length:]), jnp.array(state)


def run(model, sampler, config_main, rng_param, rng_x0, rng_sampler, rng_sampler_step):
  params = model.make_init_params(rng_param)
  x = model.get_init_samples(rng_x0, config_main.num_samples)
  state = sampler.make_init_state(rng_sampler)

  if not config_main.parallel:
    n_devices = 2
    step_jit = jax.jit(sampler.step, static_argnums=0)
    chain, samples, state = compute_chain(model, config_main.chain_length,
                                          config_main.chain_burnin_length,
                                          step_jit, state, params,
                                          rng_sampler_step, x, n_devices)
  else:
    n_devices = jax.local_device_count()
    step_pmap = jax.pmap(sampler.step, static_broadcasted_argnums=[0])
    params_pmap = jnp.stack([params] * n_devices)
    state_pmap = jnp.stack([state] * n_devices)
    x_pmap = split(x, n_devices)
    print('Num devices: ', n_devices, ',X shape: ', x_pmap.shape,
          ',Params shape: ', params_pmap.shape)
    chain, samples, state = compute_chain(model, config_main.chain_length,
                                          config_main.chain_burnin_length,
                                          step_pmap, state_pmap, params_pmap,
                                          rng_sampler_step, x_pmap, n_devices)
  return chain, samples, state
