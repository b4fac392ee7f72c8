# Source: https://github.com/JuliaLinhart/diffusions-for-sbi/blob/2cf52ee88f9d0b8e4df1c38c110f824ee6c49df3/tasks/sbibm/gaussian_mixture.py
# Title: tasks/sbibm/gaussian_mixture.py
# Cut: kept the numpyro model and the task's simulate/posterior methods; torch prior and __main__ dropped; the class base (MCMCTask) is reduced to a plain class and `self.model = model` stands in for what MCMCTask.__init__ stores.
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist
import torch

from jax import random
from tasks.sbibm.task_mcmc import MCMCTask, get_mcmc_samples, get_predictive_sample


def model(
    prior_params={"loc": 0.0, "scale": 1.0},
    x_obs=None,
    n_obs=1,
    dim=10,
    uniform=False,
):
    if uniform:
        prior_dist = dist.Uniform(low=jnp.ones(dim) * -10.0, high=jnp.ones(dim) * 10.0)
    else:
        prior_dist = dist.MultivariateNormal(
            loc=jnp.ones(dim) * prior_params["loc"],
            covariance_matrix=jnp.eye(dim) * prior_params["scale"],
        )
    theta = numpyro.sample("theta", prior_dist)

    mixing_dist = dist.Categorical(probs=jnp.ones(2) / 2.0)
    component_dists = [
        dist.Normal(loc=theta, scale=jnp.array(2.25)).to_event(1),
        dist.Normal(loc=theta, scale=jnp.array(1 / 9.0)).to_event(1),
    ]
    mixture = dist.MixtureGeneral(mixing_dist, component_dists)
    if x_obs is None:
        for i in range(n_obs):
            numpyro.sample(f"obs_{i}", mixture)
    else:
        for i in range(n_obs):
            numpyro.sample(f"obs_{i}", mixture, obs=x_obs[i])  # , 0]


class GaussianMixture:
    def __init__(
        self, dim=10, prior_params={"loc": 0.0, "scale": 1.0}, uniform=False, **kwargs
    ):
        self.dim_theta = dim
        self.dim_x = dim
        self.uniform = uniform
        self.model = model

    def _simulate_one(self, rng_key, theta, n_obs):
        x = get_predictive_sample(
            rng_key=rng_key,
            model=self.model,
            cond={"theta": theta},
            n_obs=n_obs,
            dim=self.dim_theta,
            uniform=self.uniform,
        )
        return x  # shape (n_obs, dim_x=10)

    def _posterior_sampler(self, rng_key, x_star, theta_star, n_obs, num_samples):
        samples = get_mcmc_samples(
            rng_key=rng_key,
            model=self.model,
            init_value={"theta": theta_star},
            data=x_star,
            num_samples=num_samples,
            n_obs=n_obs,
            dim=self.dim_theta,
            uniform=self.uniform,
        )["theta"]
        return samples
