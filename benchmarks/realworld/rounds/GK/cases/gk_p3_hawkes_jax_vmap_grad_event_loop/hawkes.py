# Source: https://github.com/tonygracious/Hawkes_Process_JAX/blob/f72052e5ea1b1a93eff56c3960c94ac0d9283698/hawkes.py
# Title: Hawkes_Process_JAX - hawkes.py ("Batched version": padded realizations, jit(vmap(grad(loglikelihood))))
# Cut: dropped the commented-out single-realization timing block and the unused intensity();
#      realizations are padded to a common length by the author's Event_batching.
import jax.numpy as jnp
from jax import grad, jit, vmap
from jax import random

from DataGenerator import data_generator, batch_events_merge, Event_batching


# A helper function to randomly initialize to initialize parameters
def random_layer_params(m, key):
    mu_key, alpha_key, omega_key = random.split(key, 3)
    mu = random.uniform(mu_key, (m,))
    alpha = random.uniform(alpha_key, (m, m))
    omega = random.uniform(omega_key)
    return [mu, alpha, omega]


def intensity_int(params, event_times, event_types, event_mask, end_time):
    mu = params[0]
    alpha = params[1]
    omega = params[2]
    m = mu.shape[0]
    T = end_time
    lbda_int = 0
    for i in range(m):
        lbda_int += mu[i] * T
        alpha_i = alpha[i, event_types]
        lbda_int -= (1/omega) * jnp.sum( (jnp.exp(-1 * (alpha_i * omega * (T - event_times))) - 1) * event_mask )
    return lbda_int


def loglikelihood(params, event_times, event_types, event_mask, end_time):
    mu = params[0]
    alpha = params[1]
    omega = params[2]
    N = event_times.shape[0]
    log_lbda = 0
    for n in range(N):
        i = event_types[n]
        lbda_n = mu[i]
        alpha_i = alpha[i, event_types[:n]]
        lbda_n += jnp.sum( alpha_i * jnp.exp(-1 * (alpha_i * omega * (event_times[n] - event_times[:n])))  )
        log_lbda += jnp.log(lbda_n) * event_mask[n]
    lbda_int =  intensity_int(params, event_times, event_types, event_mask, end_time)
    return log_lbda - lbda_int


if __name__ == '__main__':
    m = 3
    decays = [.3]
    baseline = [0.5, 0.1, 0.5]
    adjacency = [[[0.1], [.0], [0]],
                 [[0], [.3], [0]],
                 [[0], [0], [0.5]]]
    end_time = 100
    params = random_layer_params(m, random.PRNGKey(0))
    n_realizations = 5
    N_events = data_generator(baseline, decays, \
                              adjacency, end_time, n_realizations)
    # Batching Events with appropriate masks
    event_merge = batch_events_merge(N_events)
    batch_events, batch_event_type, batch_pad = Event_batching(event_merge)
    event_times = jnp.array(batch_events)
    event_types = jnp.array( batch_event_type, dtype=jnp.int32)
    event_mask  = jnp.array(batch_pad, dtype=jnp.int32)

    loglikelihood_compiled  =  jit(vmap(loglikelihood, in_axes =( None, 0, 0, 0, None)))
    loglikelihood_compiled(params, event_times, event_types, event_mask, end_time)
    grad_compiled  = jit(vmap(grad(loglikelihood, 0) , in_axes =( None, 0, 0, 0, None)))
    grad_compiled(params, event_times, event_types, event_mask, end_time)
