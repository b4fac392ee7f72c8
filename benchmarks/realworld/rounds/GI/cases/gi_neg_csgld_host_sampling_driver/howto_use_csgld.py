# Source: https://github.com/WayneDW/Jax_implementation_of_CSGLD/blob/6d5f02ec236f15e2d0ca1372bfc6e3b864be7a92/howto_use_csgld_final_final.py
# Title: howto_use_csgld_final_final.py (contour SGLD vs SGLD with blackjax on a bimodal mixture)
# Cut: plotting and the importance re-sampling section removed; the SGLD driver is kept.
import jax
import jax.scipy as jsp
import jax.numpy as jnp

import blackjax
import blackjax.sgmcmc.gradients as gradients

mySeed = 888
rng_key = jax.random.PRNGKey(mySeed)
rng_key, data_key0, data_key1, data_key2 = jax.random.split(rng_key, 4)

### specify data and batch size
data_size = 1000
batch_size = 100

### create a data that follows a Gaussian mixture distribution
sigma, mu, gamma = 5., -5., 20.
prob_mixture = jax.random.bernoulli(data_key0, p=0.5, shape=(data_size, 1))

mixture_1 = jax.random.normal(data_key1, shape=(data_size, 1)) * sigma + mu
mixture_2 = jax.random.normal(data_key2, shape=(data_size, 1)) * sigma + gamma - mu

X_data = prob_mixture * mixture_1 + (1 - prob_mixture) * mixture_2

### set the initial position
init_position = 10.


def logprior_fn(position):
    return 0


def loglikelihood_fn(position, x):
    loglikelihood_fn_1 = jax.scipy.stats.multivariate_normal.logpdf(x, position, sigma**2)
    loglikelihood_fn_2 = jax.scipy.stats.multivariate_normal.logpdf(x, -position + gamma, sigma**2)
    return jsp.special.logsumexp(jnp.array([loglikelihood_fn_1, loglikelihood_fn_2])) + jnp.log(0.5)


### compute the energy function
def energy_fn(position, minibatch):
    logprior = logprior_fn(position)
    batch_loglikelihood = jax.vmap(loglikelihood_fn, in_axes=(None, 0))
    return -logprior - data_size * jnp.mean(
        batch_loglikelihood(position, minibatch), axis=0
    )


### Build the log-probability and gradient functions
logprob_fn, grad_fn = gradients.logprob_and_grad_estimator(
    logprior_fn, loglikelihood_fn, data_size
)

total_iter = 50_000
temperature = 50
lr = 1e-3
thinning_factor = 100

sgld = blackjax.csgld(
    logprob_fn,
    grad_fn,
    zeta=0,  # can be specified at each step in lower-level interface
    temperature=temperature,
)

### Initialize and take one step using the vanilla SGLD algorithm
state = sgld.init(init_position)
sgld_sample_list = jnp.array([])
for iter_ in range(total_iter):
    rng_key, subkey = jax.random.split(rng_key)
    data_batch = jax.random.shuffle(rng_key, X_data)[: batch_size, :]
    state = jax.jit(sgld.step)(subkey, state, data_batch, lr, 0)
    if iter_ % thinning_factor == 0:
        energy_value = energy_fn(state.position, data_batch)
        sgld_sample_list = jnp.append(sgld_sample_list, state.position)

        print(f'iter {iter_/1000:.0f}k/{total_iter/1000:.0f}k position {state.position: .2f} energy {energy_value: .2f}')
