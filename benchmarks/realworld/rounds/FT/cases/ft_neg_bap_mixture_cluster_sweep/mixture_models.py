# Source: https://github.com/tallamjr/bap-numpyro/blob/1b85847b6bb70c5718be712746b30ff69dd052d2/notebooks/06-mixture_models.ipynb
# Title: notebooks/06-mixture_models.ipynb (Bayesian Analysis with Python, ported to numpyro)
# Cut: imports, data load and cells 25-26 (one mixture fit per cluster count, then posterior density plots) converted to a script; other cells, the %config magic and its `if "SVG" in os.environ:` guard line dropped (the guarded line kept unindented).
import os
import warnings

import arviz as az
import matplotlib.pyplot as plt
import pandas as pd
import seaborn as sns

import jax.numpy as jnp
from jax import random, vmap, local_device_count, pmap, lax, tree_map
from jax import nn as jnn
from jax.scipy import stats, special

import numpyro
import numpyro.distributions as dist
import numpyro.optim as optim

from numpyro.infer import MCMC, NUTS, HMC, Predictive
from numpyro.diagnostics import hpdi, print_summary
from numpyro.infer import Predictive, SVI, Trace_ELBO, init_to_value
from numpyro.infer.autoguide import AutoLaplaceApproximation
from numpyro.distributions.transforms import OrderedTransform

seed=1234

warnings.formatwarning = lambda message, category, *args, **kwargs: "{}: {}\n".format(
    category.__name__, message
)
az.style.use("arviz-darkgrid")
numpyro.set_platform("cpu") # or "gpu", "tpu" depending on system
numpyro.set_host_device_count(local_device_count())

cs = pd.read_csv('../data/chemical_shifts_theo_exp.csv')
cs_exp = cs['exp']
az.plot_kde(cs_exp)
plt.hist(cs_exp, density=True, bins=30, alpha=0.3)
plt.yticks([])

clusters = [3, 4, 5, 6]

models = []
traces = []
for cluster in clusters:
    def model(obs=None):
        
        p = numpyro.sample("p", dist.Dirichlet(concentration=jnp.ones(cluster)))
        c = dist.Categorical(probs=p.squeeze())
    
        mu = jnp.linspace(cs_exp.min(), cs_exp.max(), cluster)
        means = numpyro.sample('means', 
                               dist.TransformedDistribution(
                                   base_distribution=dist.Normal(loc=mu, scale=10).expand([cluster]), 
                               transforms=OrderedTransform()
                              ))
        print(means)
        sd = numpyro.sample('sd', dist.HalfNormal(scale=10))
        component_dist = dist.Normal(loc=means, scale=sd)
        print(c.probs.shape)
        y = numpyro.sample('y', dist.MixtureSameFamily(mixing_distribution=c, component_distribution=component_dist), obs=obs)
        
    kernel = NUTS(model)
    trace = MCMC(kernel, num_warmup=500, num_samples=2000, num_chains=2, chain_method='sequential')
    trace.run(random.PRNGKey(seed), obs=jnp.expand_dims(jnp.asarray(cs_exp), axis=1))
    traces.append(trace)
    models.append(model)

_, ax = plt.subplots(2, 2, figsize=(11, 8), constrained_layout=True)
 
ax = list(ax.flat)
x = jnp.linspace(cs_exp.min(), cs_exp.max(), 200)
for idx, trace_x in enumerate(traces):
    x_ = jnp.array([x] * clusters[idx]).T
 
    for i in range(50):
        i_ = int(dist.Uniform(low=0, high=len(trace_x.get_samples()['means'])).sample(key=random.PRNGKey(i)))
        means_y = trace_x.get_samples()['means'][i_]
        p_y = trace_x.get_samples()['p'][i_]
        sd = trace_x.get_samples()['sd'][i_]
        distri = dist.Normal(loc=means_y, scale=sd)
        ax[idx].plot(x, jnp.sum(jnp.exp(distri.log_prob(x_)) * p_y, 1), 'C0', alpha=0.1)
 
    means_y = trace_x.get_samples()['means'].mean(0)
    p_y = trace_x.get_samples()['p'].mean(0)
    sd = trace_x.get_samples()['sd'].mean()
    distri = dist.Normal(loc=means_y, scale=sd)
    #stats.norm(means_y, sd)
    ax[idx].plot(x, jnp.sum(jnp.exp(distri.log_prob(x_)) * p_y, 1), 'C0', lw=2)
    ax[idx].plot(x, jnp.exp(distri.log_prob(x_)) * p_y, 'k--', alpha=0.7)
         
    az.plot_kde(cs_exp, plot_kwargs={'linewidth':2, 'color':'k'}, ax=ax[idx])
    ax[idx].set_title('K = {}'.format(clusters[idx]))
    ax[idx].set_yticks([])
    ax[idx].set_xlabel('x')

