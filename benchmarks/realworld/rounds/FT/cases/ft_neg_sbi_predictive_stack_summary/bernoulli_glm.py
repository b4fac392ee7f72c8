# Source: https://github.com/JuliaLinhart/diffusions-for-sbi/blob/2cf52ee88f9d0b8e4df1c38c110f824ee6c49df3/tasks/sbibm/bernoulli_glm.py
# Title: tasks/sbibm/bernoulli_glm.py
# Cut: kept summary_statistics and the task methods that post-process Predictive draws on the host (_simulate_one, compute_summary_statistics); the numpyro model, torch prior and __main__ dropped; class base reduced to a plain class.
from jax import random
import numpyro
import jax.numpy as jnp
import numpyro.distributions as dist
import torch
import numpy as np
import os
import jax.lax as lax

from tasks.sbibm.task_mcmc import MCMCTask, get_mcmc_samples, get_predictive_sample


def summary_statistics(y, stimulus_I, torch_version=False):
    if not torch_version:
        if not isinstance(y, jnp.ndarray):
            y = jnp.array(y.numpy())
        if not isinstance(stimulus_I, jnp.ndarray):
            stimulus_I = jnp.array(stimulus_I.numpy())

        num_spikes = jnp.sum(y).reshape(1)

        sta = lax.conv_general_dilated(
            y.reshape(1, 1, -1).astype(jnp.float32),
            stimulus_I.reshape(1, 1, -1).astype(jnp.float32),
            window_strides=(1,),
            padding=[(8, 8)],
            feature_group_count=1,
        ).squeeze()[-9:]

        sta = jnp.concatenate([num_spikes, sta], axis=0)
    else:
        if not isinstance(y, torch.Tensor):
            y = torch.tensor(np.array(y)).float()
        if not isinstance(stimulus_I, torch.Tensor):
            stimulus_I = torch.tensor(np.array(stimulus_I)).float()

        num_spikes = torch.sum(y).unsqueeze(0)
        sta = torch.nn.functional.conv1d(
            y.reshape(1, 1, -1), stimulus_I.reshape(1, 1, -1), padding=8
        ).squeeze()[-9:]

        sta = torch.cat([num_spikes, sta], axis=0)

    return sta


class BernoulliGLM:
    def prior(self):
        return torch.distributions.MultivariateNormal(**self.prior_params)

    def _simulate_one(self, rng_key, theta, n_obs, raw=False):
        stimulus_I = torch.load(f"{self.save_path}files/stimulus_I.pt")
        design_matrix = torch.load(f"{self.save_path}files/design_matrix.pt")

        x = get_predictive_sample(
            rng_key=rng_key,
            model=self.model,
            cond={"theta": theta},
            n_obs=n_obs,
            # model kwargs
            prior_params=self.prior_params,
            design_matrix=design_matrix,
        )

        if self.summary == "sufficient" and not raw:
            sta = []
            for i in range(n_obs):
                sta.append(summary_statistics(x[i], stimulus_I))
            sta = jnp.stack(sta)
            return sta
        return x  # shape(n_obs, dim_x)

    def compute_summary_statistics(self, x):
        stimulus_I = torch.load(f"{self.save_path}files/stimulus_I.pt")

        if len(x.shape) == 1:
            x = x.unsqueeze(0)

        sta = []
        for i in range(x.shape[0]):
            sta.append(summary_statistics(x[i], stimulus_I, torch_version=True))
        sta = torch.stack(sta)

        return sta

