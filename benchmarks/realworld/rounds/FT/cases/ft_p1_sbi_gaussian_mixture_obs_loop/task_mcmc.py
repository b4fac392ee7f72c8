# Source: https://github.com/JuliaLinhart/diffusions-for-sbi/blob/2cf52ee88f9d0b8e4df1c38c110f824ee6c49df3/tasks/sbibm/task_mcmc.py
# Title: tasks/sbibm/task_mcmc.py
# Cut: kept the two module-level helpers (Predictive sampling and NUTS sampling); the MCMCTask class dropped.
import jax.numpy as jnp
from numpyro.infer import NUTS, MCMC, Predictive, init_to_value
from numpyro.handlers import condition
from jax import random


def get_predictive_sample(rng_key, model, cond, n_obs, **model_kwargs):
    predictive = Predictive(condition(model, cond), num_samples=1)
    rng_key, subkey = random.split(rng_key)
    data = predictive(subkey, n_obs=n_obs, **model_kwargs)
    # concatenate the observations
    x = jnp.stack([data[f"obs_{i}"].reshape(-1) for i in range(n_obs)])

    return x


def get_mcmc_samples(
    rng_key, model, init_value, data, num_samples, n_obs, **model_kwargs
):
    kernel = NUTS(model, init_strategy=init_to_value(site=None, values=init_value))
    mcmc = MCMC(kernel, num_warmup=100, num_samples=num_samples, num_chains=1)
    rng_key, subkey = random.split(rng_key)
    mcmc.run(subkey, x_obs=data, n_obs=n_obs, **model_kwargs)

    return mcmc.get_samples()
