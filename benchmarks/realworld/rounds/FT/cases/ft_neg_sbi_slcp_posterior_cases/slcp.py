# Source: https://github.com/JuliaLinhart/diffusions-for-sbi/blob/2cf52ee88f9d0b8e4df1c38c110f824ee6c49df3/tasks/sbibm/slcp.py
# Title: tasks/sbibm/slcp.py
# Cut: kept the task's _posterior_sampler (host-side driver around NUTS that builds observation dicts and runs four initialisations); the numpyro model, prior, simulator and __main__ dropped; class base reduced to a plain class.
from jax import random
import numpyro
import jax.numpy as jnp
import numpyro.distributions as dist
import warnings
import torch
import numpy as np

from tasks.sbibm.task_mcmc import MCMCTask, get_mcmc_samples, get_predictive_sample


class SLCP:
    def _posterior_sampler(self, rng_key, x_star, theta_star, n_obs, num_samples):
        # prepare the data object for numpyro
        data = {}
        for i in range(n_obs):
            data[f"obs_{i}"] = x_star[i][None, :].reshape(1, 4, 2)
        for i in range(1, 5 + 1):
            data[f"theta_{i}"] = theta_star[i - 1]

        # sample from the posterior
        init_value = {}
        for i in range(1, 5 + 1):
            init_value[f"theta_{i}"] = theta_star[i - 1]

        init_values_per_case = {
            "case_1": init_value.copy(),
            "case_2": init_value.copy(),
            "case_3": init_value.copy(),
            "case_4": init_value.copy(),
        }
        init_values_per_case["case_2"]["theta_3"] = -init_value["theta_3"]
        init_values_per_case["case_3"]["theta_4"] = -init_value["theta_4"]
        init_values_per_case["case_4"]["theta_3"] = -init_value["theta_3"]
        init_values_per_case["case_4"]["theta_4"] = -init_value["theta_4"]

        samples_mcmc = {}
        for case, init_values in init_values_per_case.items():
            samples_ = get_mcmc_samples(
                rng_key=rng_key,
                model=self.model,
                init_value=init_values,
                data=data,
                num_samples=self.num_samples_per_case,
                n_obs=n_obs,
            )
            samples_mcmc[case] = jnp.stack(
                [samples_[f"theta_{i+1}"] for i in range(5)]
            ).T

        samples = jnp.concatenate(
            [
                samples_mcmc["case_1"],
                samples_mcmc["case_2"],
                samples_mcmc["case_3"],
                samples_mcmc["case_4"],
            ]
        )

        # shuffle the samples to get samples fro meach chain
        samples = samples[np.random.permutation(samples.shape[0])]
        # keep only num_samples
        samples = samples[:num_samples]

        return samples
