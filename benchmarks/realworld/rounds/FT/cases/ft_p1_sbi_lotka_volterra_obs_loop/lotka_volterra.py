# Source: https://github.com/JuliaLinhart/diffusions-for-sbi/blob/2cf52ee88f9d0b8e4df1c38c110f824ee6c49df3/tasks/sbibm/lotka_volterra.py
# Title: tasks/sbibm/lotka_volterra.py
# Cut: kept dz_dt, the numpyro model and the task's _posterior_sampler (reaches NUTS through get_mcmc_samples); torch prior, simulator and __main__ dropped; class base reduced to a plain class.
import numpy as np
import jax.numpy as jnp
from jax.experimental.ode import odeint
import numpyro
import numpyro.distributions as dist
from jax import random
import torch

from tasks.sbibm.task_mcmc import MCMCTask, get_mcmc_samples, get_predictive_sample


def dz_dt(z, t, theta):
    """
    Lotka–Volterra equations. Real positive parameters `alpha`, `beta`, `gamma`, `delta`
    describes the interaction of two species.
    """
    u = z[0]
    v = z[1]
    alpha, beta, gamma, delta = (
        theta[..., 0],
        theta[..., 1],
        theta[..., 2],
        theta[..., 3],
    )
    du_dt = (alpha - beta * v) * u
    dv_dt = (-gamma + delta * u) * v
    return jnp.stack([du_dt, dv_dt])


def model(
    prior_params={
        "loc": [-0.125, -3.0, -0.125, -3.0],
        "scale": [0.50, 0.50, 0.50, 0.50],
    },
    x_obs=None,
    n_obs=1,
    summary=None,
):
    """
    :param int N: number of measurement times in the output
    :param numpy.ndarray x: measured populations with shape (N, 2)
    :param int factor: factor for the number of actual simulated time samples
    """
    # initial population
    z_init = np.array([30.0, 1.0])
    # measurement times
    ts = jnp.arange(0, 20 + 0.1, 0.1)
    # parameters alpha, beta, gamma, delta of dz_dt
    theta = numpyro.sample(
        "theta",
        dist.LogNormal(
            loc=jnp.array(prior_params["loc"]), scale=jnp.array(prior_params["scale"])
        ),
    )

    # integrate dz/dt, the result will have shape N x 2
    z = odeint(dz_dt, z_init, ts, theta, rtol=1e-8, atol=1e-8, mxstep=1000)

    if summary is None:
        z_sub = z
        sigma_i = 0.001
    elif summary == "subsample":
        z_sub = z[::21, :].T.reshape(-1)
        sigma_i = 0.1

    for i in range(n_obs):
        if x_obs is None:
            numpyro.sample(
                f"obs_{i}",
                dist.LogNormal(
                    jnp.log(jnp.clip(z_sub, 1e-10, 10000)), scale=sigma_i
                ),  # noqa
            )
        else:
            numpyro.sample(
                f"obs_{i}",
                dist.LogNormal(jnp.log(jnp.clip(z_sub, 1e-10, 10000)), scale=sigma_i),
                obs=x_obs[i],
            )


class LotkaVolterra:
    def _posterior_sampler(self, rng_key, x_star, theta_star, n_obs, num_samples):
        samples = get_mcmc_samples(
            rng_key=rng_key,
            model=self.model,
            init_value={"theta": theta_star},
            data=x_star,
            n_obs=n_obs,
            num_samples=num_samples,
            summary=self.summary,
        )["theta"]
        return samples

