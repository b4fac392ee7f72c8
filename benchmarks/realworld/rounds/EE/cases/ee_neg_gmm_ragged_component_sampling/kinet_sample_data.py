# Source: https://github.com/shenzebang/KiNet/blob/ad90de42739512735245294454027a269d5d67a1/methods/KiNet.py
# Title: methods/KiNet.py: sample_data, which draws from the initial distribution
# Cut: kept sample_data (evolve_* branches shortened); the rest of the method class cut.
#      distribution_0 is the GaussianMixtureModel of distribution.py in this folder.
from functools import partial

import jax.numpy as jnp
from jax import random


def sample_data(self, rng, forward_fn, params_previous, time_interval_previous, batch_size: int, batch_size_ref: int,
                evolve_score: bool=False, evolve_logprob: bool=False):
    rng_initial, rng_ref = random.split(rng, 2)
    data = {
        "data_initial"  : self.pde_instance.distribution_0.sample(batch_size, rng_initial),
        "data_ref"      : self.pde_instance.distribution_0.sample(batch_size_ref, rng_ref),
    }

    get_score = lambda x: self.pde_instance.score_0(x)
    data["score_initial"] = get_score(data["data_initial"]) if evolve_score else None
    data["score_ref"] = get_score(data["data_ref"]) if evolve_score else None
    return data
