# Source: https://github.com/Habush/bnn_bg/blob/8bbaa2c0f396507d0b8001f0cab71d193bd36f09/utils/losses.py
# Title: utils/losses.py (log-likelihoods and priors for SG-MCMC Bayesian neural networks)
# Cut: kept the spike-and-slab prior (spike/slab mixture on the first-layer feature weights,
#      Gaussian prior on the remaining layers); the other likelihoods and priors dropped.
import jax
import jax.numpy as jnp


def make_spike_slap_log_prior(slab_log_prob_fn, spike_log_prob_fn, prior_log_prob_fn,
                            temperature):
    """Returns a spike-and-slap prior log-density on the first layer and Gaussian prior on the rest"""

    # log_prior_fn = make_log_prior_fn(prior_log_prob_fn)
    # gaussian_log_prior = make_gaussian_log_prior(1., temperature)
    @jax.jit
    def log_prob_fn(params, gamma):
        beta = params["dropout"]["w"]
        gamma_first = gamma["dropout"]["w"]
        rest = {k: params[k] for k in params if k != "dropout"}

        def fn(z, t):
            a = slab_log_prob_fn(t)
            b = spike_log_prob_fn(t)
            return z * a + (1 - z) * b

        # log_prob of the first layer weights
        log_prob1 = jnp.sum(jax.vmap(fn)(gamma_first, beta))

        # log_prob of the rest of the weights
        log_prob2 = 0
        for p in jax.tree_leaves(rest):
            log_prob2 += jnp.sum(prior_log_prob_fn(p))
        # log_prob2 = gaussian_log_prior(rest)
        return (log_prob1 + log_prob2) / temperature

    return log_prob_fn
