# Source: https://github.com/nipunbatra/pml2022/blob/c32102b9b6229721ffb32bd65ccb922267fc9c8d/notebooks/MCMC_Sampling_RMH_algorithm.ipynb
# Title: MCMC_Sampling_RMH_algorithm.ipynb (random-walk Metropolis-Hastings with BlackJAX)
# Cut: cells 17, 18, 28, 30, 31, 34 converted to a module; plotting cells dropped.
import jax.numpy as jnp
import jax
import tensorflow_probability.substrates.jax as tfp

tfd = tfp.distributions

import blackjax

mu = jnp.array([[1.,0]])
sigma = jnp.array([[2.,0],[0,2.0]])


# Un-normailized  2-D Normal distribution.
def log_target(x):
    # use tfd here.
    # return (-(1/2)*((x-mu)@jnp.linalg.inv(sigma))@(x-mu).T)[0][0].astype(jnp.float32)
    norm = tfd.MultivariateNormalFullCovariance(mu,sigma)
    return norm.log_prob(x)[0]


prop_width = jnp.array([1.,1.0])
# we are sampling 2 variables here, so the length of array prop
# width should be 2

rmh = blackjax.rmh(log_target, sigma= prop_width)
initial = jnp.array([[-3.0,-3]])
initial_state = rmh.init(initial)


def inference_loop(rng_key, kernel, initial_state, num_samples):
    @jax.jit
    def one_step(state, rng_key):
        state, info = kernel(rng_key, state)
        return state, (state,info)

    keys = jax.random.split(rng_key, num_samples)
    _, info = jax.lax.scan(one_step, initial_state, keys)
    return info


rng_key = jax.random.PRNGKey(0)
num_samples = 1000
states,infos = inference_loop(rng_key, rmh.step, initial_state, num_samples)

infos.is_accepted.sum()/num_samples
