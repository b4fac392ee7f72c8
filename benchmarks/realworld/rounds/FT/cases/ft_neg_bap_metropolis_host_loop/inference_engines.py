# Source: https://github.com/tallamjr/bap-numpyro/blob/1b85847b6bb70c5718be712746b30ff69dd052d2/notebooks/08-inference-engines.ipynb
# Title: notebooks/08-inference-engines.ipynb (Bayesian Analysis with Python, ported to numpyro)
# Cut: imports cell and the Metropolis cells (20-21) converted to a script; other cells, the %config magic and its `if "SVG" in os.environ:` guard line dropped (the guarded line kept unindented).
import os
import warnings

import arviz as az
import matplotlib.pyplot as plt
import pandas as pd
import seaborn as sns

import jax.numpy as jnp
from jax import random, vmap, local_device_count, pmap, lax, tree_map, hessian
from jax import nn as jnn
from jax.scipy import stats, special

import numpyro
import numpyro.distributions as dist
import numpyro.optim as optim

from numpyro.infer import MCMC, NUTS, HMC, Predictive
from numpyro.diagnostics import hpdi, print_summary
from numpyro.infer import Predictive, SVI, Trace_ELBO, init_to_value
from numpyro.infer.autoguide import AutoLaplaceApproximation

seed=1234

warnings.formatwarning = lambda message, category, *args, **kwargs: "{}: {}\n".format(
    category.__name__, message
)
az.style.use("arviz-darkgrid")
numpyro.set_platform("cpu") # or "gpu", "tpu" depending on system
numpyro.set_host_device_count(local_device_count())

def metropolis(func, draws=10000):
    """A very simple Metropolis implementation"""
    trace = jnp.zeros(draws)
    old_x = 0.5  # func.mean()
    old_prob = jnp.exp(func.log_prob(old_x))

    delta = dist.Normal(loc=0, scale=0.5).sample(random.PRNGKey(0), sample_shape=(draws,))
    for i in range(draws):
        new_x = old_x + delta[i]
        new_prob = jnp.exp(func.log_prob(new_x))
        acceptance = new_prob / old_prob
#         if acceptance >= dist.Uniform(low=0, high=1).sample(random.PRNGKey(i)):
        if acceptance >= random.uniform(random.PRNGKey(i)):
            trace = trace.at[i].set(new_x)
            old_x = new_x
            old_prob = new_prob
        else:
            # x[idx] = y``, use ``x = x.at[idx].set(y)
            trace = trace.at[i].set(old_x)

    return trace

func = dist.Beta(concentration1=2, concentration0=5)

trace = metropolis(func=func) 
x = jnp.linspace(0.01, .99, 100) 
y = jnp.exp(func.log_prob(x)) 
plt.xlim(0, 1) 
plt.plot(x, y, 'C1-', lw=3, label='True distribution') 
plt.hist(trace[trace > 0], bins=25, density=True, label='Estimated distribution') 
plt.xlabel('x') 
plt.ylabel('pdf(x)')
plt.yticks([]) 
plt.legend()

