# Source: https://github.com/avitai/artifex/blob/5fce040acb8e3089a999a1f5a63bf4c1503efbb1/examples/generative_models/sampling/blackjax_integration_examples.py
# Title: examples/generative_models/sampling/blackjax_integration_examples.py (direct BlackJAX HMC on an artifex Normal)
# Cut: plotting and the other examples removed; Normal is artifex's distrax-backed distribution (imported).
import time

import blackjax
import jax
import jax.numpy as jnp
from tqdm import tqdm

from artifex.generative_models.core.distributions import Normal


def example_normal_hmc():
    """Sample from a normal distribution using BlackJAX HMC directly."""
    true_mean = jnp.array([3.0, -2.0])
    true_scale = jnp.array([1.5, 0.8])
    normal_dist = Normal(loc=true_mean, scale=true_scale)

    # Create log probability function that returns scalar
    def logdensity_fn(x):
        log_prob = normal_dist.log_prob(x)
        # Ensure scalar output by summing if needed
        if hasattr(log_prob, "shape") and len(log_prob.shape) > 0:
            return jnp.sum(log_prob)
        return log_prob

    init_position = jnp.zeros(2)
    step_size = 0.1
    inverse_mass_matrix = jnp.ones(2)
    num_integration_steps = 10

    hmc = blackjax.hmc(
        logdensity_fn,
        step_size,
        inverse_mass_matrix,
        num_integration_steps,
    )

    state = hmc.init(init_position)

    # JIT compile the step function for speed
    step_fn = jax.jit(hmc.step)

    key = jax.random.key(0)
    warmup_key = jax.random.fold_in(key, 999999)
    _, _ = step_fn(warmup_key, state)

    n_samples = 10000
    n_burnin = 2000

    samples = jnp.zeros((n_samples, 2))

    start_time = time.time()
    for i in tqdm(range(n_burnin), desc="Burn-in", ncols=80):
        key = jax.random.fold_in(key, i)
        state, _ = step_fn(key, state)
    burnin_time = time.time() - start_time

    start_time = time.time()
    for i in tqdm(range(n_samples), desc="Sampling", ncols=80):
        key = jax.random.fold_in(key, n_burnin + i)
        state, _ = step_fn(key, state)
        samples = samples.at[i].set(state.position)
    sampling_time = time.time() - start_time

    return samples, burnin_time + sampling_time
