# Source: https://github.com/probml/JSL/blob/aa9ac45787d850d6faef2d3ccc6b2dd37277b4d0/jsl/hmm/hmm_sgd_lib.py
# Title: jsl/hmm/hmm_sgd_lib.py ("Trains hidden markov models with discrete observations using Gradient Descent in a stateless way. Author : Aleyna Kara")
# Cut: docstrings and the superimport line removed; otherwise the file as committed (hmm_loglikelihood_jax in hmm_discrete_lib vmaps a lax.scan forward filter over the sequences).
# Trains hidden markov models with discrete observations using Gradient Descent in a stateless way.
# Author : Aleyna Kara(@karalleyna)

import itertools

import jax
from jax.nn import softmax
from jax.random import PRNGKey, split, normal
from jax import jit, vmap

from hmm_utils import hmm_sample_minibatches
from hmm_discrete_lib import HMMJax, hmm_loglikelihood_jax

opt_init, opt_update, get_params = None, None, None

def init_random_params(sizes, rng_key):
    num_hidden, num_obs = sizes
    rng_key, rng_a, rng_b, rng_pi = split(rng_key, 4)
    return HMMJax(normal(rng_a, (num_hidden, num_hidden)),
                  normal(rng_b, (num_hidden, num_obs)),
                  normal(rng_pi, (num_hidden,)))


@jit
def loss_fn(params, batch, lens):
    params_soft = HMMJax(softmax(params.trans_mat, axis=1),
                         softmax(params.obs_mat, axis=1),
                         softmax(params.init_dist))
    return -hmm_loglikelihood_jax(params_soft, batch, lens).mean()


@jit
def update(i, opt_state, batch, lens):
    params = get_params(opt_state)
    loss, grads = jax.value_and_grad(loss_fn)(params, batch, lens)
    return opt_update(i, grads, opt_state), loss


def fit(observations, lens, num_hidden, num_obs, batch_size, optimizer,rng_key=None, num_epochs=1):
    global opt_init, opt_update, get_params

    if rng_key is None:
        rng_key = PRNGKey(0)

    rng_init, rng_iter = split(rng_key)
    params = init_random_params([num_hidden, num_obs], rng_init)
    opt_init, opt_update, get_params = optimizer
    opt_state = opt_init(params)
    itercount = itertools.count()

    def epoch_step(opt_state, key):

        def train_step(opt_state, params):
            batch, length = params
            opt_state, loss = update(next(itercount), opt_state, batch, length)
            return opt_state, loss

        batches, valid_lens = hmm_sample_minibatches(observations, lens, batch_size, key)
        params = (batches, valid_lens)
        opt_state, losses = jax.lax.scan(train_step, opt_state, params)
        return opt_state, losses.mean()

    epochs = split(rng_iter, num_epochs)
    opt_state, losses = jax.lax.scan(epoch_step, opt_state, epochs)

    losses = losses.flatten()

    params = get_params(opt_state)
    params = HMMJax(softmax(params.trans_mat, axis=1),
                    softmax(params.obs_mat, axis=1),
                    softmax(params.init_dist))
    return params, losses