# Source: https://github.com/ermongroup/fast_feedforward_computation/blob/6d14294647cfd880f991eacd59c9323643e45ea0/runners/pixelcnnpp_sampler_runner.py
# Title: fast_feedforward_computation runners/pixelcnnpp_sampler_runner.py: timing the PixelCNN++ samplers
# Cut: kept the body of the sampling method from model_fn to the timing loop; dropped checkpoint loading, saving
#      and the class wrapper (self.* attributes become function arguments; MNIST branch only).
import time
from functools import partial

import jax
import jax.numpy as jnp

from samplers import get_sequential_sampler, get_jacobi_sampler
from pixelcnnpp.samplers import sample_from_discretized_mix_logistic_1d


def sample(ar_model, ar_model_params, config, rng, sample_batch_size):
  rng, step_rng = jax.random.split(rng)

  def model_fn(x):
    return ar_model.apply({'params': ar_model_params}, x, sample=True, train=False)

  x = jnp.zeros((sample_batch_size, 28, 28, 1))
  clamp = True
  basic_sampler = partial(sample_from_discretized_mix_logistic_1d, model=model_fn,
                          nr_mix=config.nr_logistic_mix, clamp=clamp)
  u = jax.random.uniform(step_rng,
                         (sample_batch_size, 28 * 28 * (config.nr_logistic_mix + 1)),
                         minval=1e-5, maxval=1. - 1e-5)

  if config.algo == 'jacobi':
    sampler = get_jacobi_sampler(basic_sampler, x.shape)
  elif config.algo == 'sequential':
    sampler = get_sequential_sampler(basic_sampler, x.shape)
  else:
    raise NotImplementedError()

  # JIT compiling
  samples = sampler(step_rng, u).block_until_ready()
  all_samples = []
  all_times = []
  for i in range(10):
    begin_time = time.time()
    samples = sampler(step_rng, u).block_until_ready()
    end_time = time.time()
    all_samples.append(samples)
    all_times.append(end_time - begin_time)
    rng, step_rng = jax.random.split(rng)
    u = jax.random.uniform(step_rng, u.shape, minval=1e-5, maxval=1. - 1e-5)
  return all_samples, all_times
