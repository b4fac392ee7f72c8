# Source: https://github.com/gcgibson/cfr_numpyro/blob/bb7cc2e0597e9d3d3feafac0dbfde54d8529dc99/test.py.ipynb
# Title: test.py.ipynb (case-fatality model in numpyro)
# Cut: code cells converted to a script; data download/spline-basis construction replaced by the names they define (df_train, basis_train, basis_matrix); random-walk helper distributions and prediction cells dropped.
import jax.numpy as jnp
from jax import random, vmap
from jax.scipy.special import logsumexp
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import seaborn as sns
import sys
import numpyro
from numpyro.diagnostics import hpdi
import numpyro.distributions as dist
from numpyro import handlers
from numpyro.infer import MCMC, NUTS, DiscreteHMCGibbs

df_train = None  # reconstructed: built from the reichlab CSVs in earlier cells
basis_train = None  # reconstructed: spline basis from earlier cells
basis_matrix = basis_train
basis_oos_matrix =basis_matrix
num_data =basis_matrix.shape[0]
num_basis = basis_matrix.shape[1]

mask = np.zeros((num_data,num_data))

for i in range(num_data):
    mask[i,:(i+31)] = 1
    
    



#case_normalizer = np.max(df_train.Y.values)
df_train.Y = np.log(df_train.Y.values+1)#/case_normalizer

#death_normalizer = np.max(df_train.D.values)
df_train.D = np.log(df_train.D.values+1)#/death_normalizer



mask_pred = np.zeros((num_data+28,num_data+28))

for i in range(num_data+28):
    mask_pred[i,:(i+1)] = 1


#offset= 7 
def model(obs_cases = None,obs_deaths= None,tmp_p = None, B_local=None,Forecast=False,num_data=None):

    #offset = numpyro.sample('offset',dist.Categorical(probs=jnp.repeat(1./20,20)))
    offset = dist.Categorical(jnp.repeat(1./20,20)).sample(rng_key)

    sigma = numpyro.sample('sigma',dist.Exponential(.1))
  
    sigma2 = numpyro.sample('sigma2',dist.Exponential(.1))
    
    p = numpyro.sample('translation', dist.Beta(1,1))
    tau = numpyro.sample('scale_on_coef',dist.Normal(0,1000))
    a_raw = numpyro.sample('a_raw',dist.GaussianRandomWalk(scale=1, num_steps=num_basis))
    b_raw = numpyro.sample('b_raw',dist.GaussianRandomWalk(scale=1, num_steps=num_basis))

    y_hat =  numpyro.deterministic('y_hat', jnp.dot(jnp.array(B_local), tau*a_raw))
    y_hat = p *y_hat
    numpyro.sample('y_obs', dist.Normal(y_hat,sigma), obs=obs_cases)
     
        
    lag_mask = jnp.arange(num_data) >= offset
    #if  not Forecast:
     #   y_hat_lagged = lag_mask*y_hat
    #else:
     #   y_hat_lagged = y_hat
    d_hat = numpyro.deterministic('d_hat',y_hat +jnp.dot(jnp.array(B_local), b_raw))

    if obs_deaths is not None:
        numpyro.sample('d_obs', dist.Normal(d_hat,sigma2).mask(lag_mask), obs=obs_deaths)
    else:
        numpyro.sample('d_obs', dist.Normal(d_hat,sigma2).mask(lag_mask), obs=obs_deaths)

rng_key = random.PRNGKey(0)
rng_key, rng_key_ = random.split(rng_key)

num_warmup, num_samples = 1000, 2000
# Run NUTS.
kernel = DiscreteHMCGibbs(NUTS(model))
mcmc = MCMC(kernel, num_warmup, num_samples)
mcmc.run(rng_key_,obs_cases = df_train.Y.values,obs_deaths=df_train.D.values,B_local=basis_train,num_data=len(df_train.D.values))
mcmc.print_summary()
samples_1 = mcmc.get_samples()

