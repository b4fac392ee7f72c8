# Source: https://github.com/probml/pyprobml/blob/6cf7781ed2e7f7d0f528e98f4237b57740d0a6bd/scripts/hmm_discrete_lib.py
# Title: scripts/hmm_discrete_lib.py (Hidden Markov Model for discrete observations, numpy and jax versions)
# Cut: docstrings shortened; sampling, backwards, forwards-backwards, Viterbi and plotting functions trimmed;
#      the numpy reference forward pass and the jitted lax.scan/vmap forward pass kept side by side.
# Implementation of the Hidden Markov Model for discrete observations
# Author: Gerardo Duran-Martin (@gerdm), Aleyna Kara (@karalleyna)

from dataclasses import dataclass

import numpy as np

import jax
import jax.numpy as jnp
from jax import lax, vmap, jit

from functools import partial

import flax


@dataclass
class HMMNumpy:
   trans_mat: np.array # A : (n_states, n_states)
   obs_mat: np.array # B : (n_states, n_obs)
   init_dist: np.array # pi : (n_states)


@flax.struct.dataclass
class HMMJax:
   trans_mat: jnp.array # A : (n_states, n_states)
   obs_mat: jnp.array # B : (n_states, n_obs)
   init_dist: jnp.array # pi : (n_states)

def normalize_numpy(u, axis=0, eps=1e-15):
    u = np.where(u == 0, 0, np.where(u < eps, eps, u))
    c = u.sum(axis=axis)
    c = np.where(c == 0, 1, c)
    return u / c, c

def normalize(u, axis=0, eps=1e-15):
    u = jnp.where(u == 0, 0, jnp.where(u < eps, eps, u))
    c = u.sum(axis=axis)
    c = jnp.where(c == 0, 1, c)
    return u / c, c

def hmm_forwards_numpy(params, obs_seq, length):
    '''Calculates a belief state (numpy reference implementation).'''
    trans_mat, obs_mat, init_dist = params.trans_mat, params.obs_mat, params.init_dist
    n_states, n_obs = obs_mat.shape
    seq_len = len(obs_seq)

    alpha_hist = np.zeros((seq_len, n_states))
    ll_hist = np.zeros(seq_len)  # loglikelihood history


    alpha_n = init_dist * obs_mat[:, obs_seq[0]]
    alpha_n, cn = normalize_numpy(alpha_n)

    alpha_hist[0] = alpha_n
    ll_hist[0] = np.log(cn)

    for t in range(1, length):
        alpha_n = obs_mat[:, obs_seq[t]] * (alpha_n[:, None] * trans_mat).sum(axis=0)
        alpha_n, cn = normalize_numpy(alpha_n)

        alpha_hist[t] = alpha_n
        ll_hist[t] = np.log(cn) + ll_hist[t-1] # calculates the loglikelihood up to time t

    return ll_hist[length - 1], alpha_hist

@jit
def hmm_forwards_jax(params, obs_seq, length=None):
    '''Calculates a belief state.'''
    seq_len = len(obs_seq)

    if length is None:
        length = seq_len

    trans_mat, obs_mat, init_dist = params.trans_mat, params.obs_mat, params.init_dist
    n_states, n_obs = obs_mat.shape

    def scan_fn(carry, t):
        (alpha_prev, log_ll_prev) = carry
        alpha_n = jnp.where(t < length,
                            obs_mat[:, obs_seq[t]] * (alpha_prev[:, None] * trans_mat).sum(axis=0),
                            jnp.zeros_like(alpha_prev))

        alpha_n, cn = normalize(alpha_n)
        carry = (alpha_n, jnp.log(cn) + log_ll_prev)

        return carry, alpha_n

    # initial belief state
    alpha_0, c0 = normalize(init_dist * obs_mat[:, obs_seq[0]])

    # setup scan loop
    init_state = (alpha_0, jnp.log(c0))
    ts = jnp.arange(1, seq_len)
    carry, alpha_hist = lax.scan(scan_fn, init_state, ts)

    # post-process
    alpha_hist = jnp.vstack([alpha_0.reshape(1, n_states), alpha_hist])
    (alpha_final, log_ll) = carry
    return log_ll, alpha_hist

def hmm_loglikelihood_numpy(params, observations, lens):
    '''Finds the loglikelihood of each observation sequence sequentially.'''
    return np.array([hmm_forwards_numpy(params, obs, length)[0] for obs, length in zip(observations, lens)])

@jit
def hmm_loglikelihood_jax(params, observations, lens):
    '''Finds the loglikelihood of each observation sequence parallel using vmap.'''
    def forward_(params, x, length):
        return hmm_forwards_jax(params, x, length)[0]

    return vmap(forward_, in_axes=(None, 0, 0))(params, observations, lens)
