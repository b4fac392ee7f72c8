# Source: https://github.com/ThibeauWouters/KN-inference-GPU/blob/8f7a96142ed79b97fe042c16fa0fe001ff1df528/likelihood/sample_likelihoods.py
# Title: likelihood/sample_likelihoods.py (compare flax and NMMA kilonova likelihoods on prior samples)
# Cut: kept the jit and the vmap over prior samples (the per-sample loop is commented out in the source).
import time
import jax
import numpy as np
import utils

likelihood_fn_flax = lambda x: utils.log_likelihood(x, utils.sample_times, utils.data, utils.trigger_time)
likelihood_fn_flax = jax.jit(likelihood_fn_flax)


def sample(prior_range, n_dim, N_samples=1_000):
    prior_samples = np.random.uniform(prior_range[:, 0], prior_range[:, 1], size=(N_samples, n_dim))
    start = time.time()
    # log_likelihoods_flax = np.array([likelihood_fn_flax(sample) for sample in tqdm(prior_samples)])
    log_likelihoods_flax = jax.vmap(likelihood_fn_flax)(prior_samples)
    end = time.time()
    return log_likelihoods_flax, end - start
