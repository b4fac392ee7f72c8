# Source: https://github.com/nipunbatra/pml2022/blob/c32102b9b6229721ffb32bd65ccb922267fc9c8d/notebooks/MCMC_Sampling_RMH_algorithm.ipynb
# Title: MCMC_Sampling_RMH_algorithm.ipynb (random-walk Metropolis-Hastings with BlackJAX)
# Cut: cells 17 and 18 (imports and the target density) as a module.
import jax.numpy as jnp
import jax
import tensorflow_probability.substrates.jax as tfp

tfd = tfp.distributions

mu = jnp.array([[1.,0]])
sigma = jnp.array([[2.,0],[0,2.0]])


# Un-normailized  2-D Normal distribution.
def log_target(x):
    # use tfd here.
    # return (-(1/2)*((x-mu)@jnp.linalg.inv(sigma))@(x-mu).T)[0][0].astype(jnp.float32)
    norm = tfd.MultivariateNormalFullCovariance(mu,sigma)
    return norm.log_prob(x)[0]
