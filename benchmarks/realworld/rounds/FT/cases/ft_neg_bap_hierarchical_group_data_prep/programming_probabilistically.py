# Source: https://github.com/tallamjr/bap-numpyro/blob/1b85847b6bb70c5718be712746b30ff69dd052d2/notebooks/02-programming-probabilistically.ipynb
# Title: notebooks/02-programming-probabilistically.ipynb (Bayesian Analysis with Python, ported to numpyro)
# Cut: imports plus cells 62-70 (hierarchical Beta-Bernoulli model: host-side data assembly, NUTS fit, prior/posterior predictive) converted to a script; the %config magic, its `if "SVG" in os.environ:` guard line (guarded line kept unindented) and other cells dropped.
import os
import warnings

import arviz as az
import matplotlib.pyplot as plt
import pandas as pd
from scipy.interpolate import BSpline
from scipy.stats import gaussian_kde

import jax.numpy as jnp
from jax import random, vmap

import numpyro
import numpyro.distributions as dist
import numpyro.optim as optim

from numpyro.infer import MCMC, NUTS, HMC, Predictive
from numpyro.diagnostics import hpdi, print_summary
from numpyro.infer import Predictive, SVI, Trace_ELBO, init_to_value
from numpyro.infer.autoguide import AutoLaplaceApproximation

seed=4321

warnings.formatwarning = lambda message, category, *args, **kwargs: "{}: {}\n".format(
    category.__name__, message
)
az.style.use("arviz-darkgrid")
numpyro.set_platform("cpu") # or "gpu", "tpu" depending on system

N_samples = [30, 30, 30]
G_samples = [18, 18, 18]  # [3, 3, 3]  [18, 3, 3]

group_idx = jnp.repeat(jnp.arange(len(N_samples)), N_samples[0])
data = []

for i in range(0, len(N_samples)):
    data.extend(jnp.repeat(jnp.asarray([1, 0]), jnp.asarray([G_samples[i], N_samples[i]-G_samples[i]])))

data = jnp.asarray(data)

def model(obs=None):
    μ = numpyro.sample('μ', dist.Beta(1.,1.))
    κ = numpyro.sample('κ', dist.HalfNormal(scale=10.))
    θ = numpyro.sample('θ', dist.Beta(μ*κ, (1.0-μ)*κ), sample_shape=(len(N_samples),))
    
#     with numpyro.plate("N", N):
    numpyro.sample('y', dist.Bernoulli(probs=θ[group_idx]), obs=obs, sample_shape=(len(N_samples),))

    
kernel = NUTS(model)
mcmc5 = MCMC(kernel, num_warmup=1000, num_samples=2000, num_chains=2)
mcmc5.run(random.PRNGKey(seed), obs=data.copy())  # .copy() needed since data in list above

prior = Predictive(mcmc5.sampler.model, num_samples=10)
prior_p = prior(random.PRNGKey(seed), obs=data)

pred = Predictive(model=mcmc5.sampler.model, posterior_samples=mcmc5.get_samples(), return_sites=['y'])
post_p = pred(random.PRNGKey(seed))

samples = az.from_numpyro(mcmc5, prior=prior_p, posterior_predictive=post_p)
az.plot_ppc(samples, mean=True, observed=True, color='C0')

