# Source: https://github.com/probml/JSL/blob/1392866854c196cb00f7047a06be9cd8d0b0f634/jsl/hmm/hmm_logspace_lib.py
# Title: jsl/hmm/hmm_logspace_lib.py ("Generalizes hmm_discrete_lib ... operates within the log space. Author : Aleyna Kara")
# Cut: kept the HMM dataclass, logdotexp/log_normalize, the jitted forward and backward filters and the Viterbi decoder; the sampler, smoother and EM helpers dropped; docstrings removed.
from jax.random import split
import jax.numpy as jnp
from jax import jit, lax, vmap
from jax.nn import logsumexp, log_softmax, one_hot

from functools import partial

import flax
import distrax


@flax.struct.dataclass
class HMM:
    trans_dist: distrax.Distribution
    obs_dist: distrax.Distribution
    init_dist: distrax.Distribution


def logdotexp(u, v, axis=-1):
    max_u = jnp.max(u, axis=axis, keepdims=True)
    max_v = jnp.max(v, axis=axis, keepdims=True)

    diff_u = jnp.nan_to_num(u - max_u, -jnp.inf)
    diff_v = jnp.nan_to_num(v - max_v, -jnp.inf)

    u_dot_v = jnp.log(jnp.exp(diff_u) * jnp.exp(diff_v))
    u_dot_v = u_dot_v + max_u + max_v

    return u_dot_v


def log_normalize(u, axis=-1):
    c = logsumexp(u, axis=axis)
    return jnp.where(u == -jnp.inf, -jnp.inf, u - c), c


@jit
def hmm_forwards_log(params, obs_seq, length=None):
    seq_len = len(obs_seq)

    if length is None:
        length = seq_len

    trans_dist, obs_dist, init_dist = params.trans_dist, params.obs_dist, params.init_dist
    n_states = obs_dist.batch_shape[0]

    def scan_fn(carry, t):
        (alpha_prev, log_ll_prev) = carry
        alpha_n = jnp.where(t < length,
                            obs_dist.log_prob(obs_seq[t]) + logsumexp(
                                logdotexp(alpha_prev[:, None], trans_dist.logits), axis=0),
                            -jnp.inf + jnp.zeros_like(alpha_prev))

        alpha_n, cn = log_normalize(alpha_n)
        carry = (alpha_n, cn + log_ll_prev)

        return carry, alpha_n

    # initial belief state
    alpha_0, c0 = log_normalize(init_dist.logits + obs_dist.log_prob(obs_seq[0]))
    # setup scan loop
    init_state = (alpha_0, c0)
    ts = jnp.arange(1, seq_len)

    carry, alpha_hist = lax.scan(scan_fn, init_state, ts)

    # post-process
    alpha_hist = jnp.vstack([alpha_0.reshape(1, n_states), alpha_hist])
    (alpha_final, log_ll) = carry
    return log_ll, alpha_hist


@jit
def hmm_backwards_log(params, obs_seq, length=None):
    seq_len = len(obs_seq)

    if length is None:
        length = seq_len

    trans_dist, obs_dist, init_dist = params.trans_dist, params.obs_dist, params.init_dist
    n_states = trans_dist.batch_shape[0]

    beta_t = jnp.zeros((n_states,))

    def scan_fn(beta_prev, t):
        beta_t = jnp.where(t > length,
                           -jnp.inf + jnp.zeros_like(beta_prev),
                           log_normalize(logsumexp(beta_prev + obs_dist.log_prob(obs_seq[-t + 1]) + trans_dist.logits,
                                                   axis=1))[0])
        return beta_t, beta_t

    ts = jnp.arange(2, seq_len + 1)
    _, beta_hist = lax.scan(scan_fn, beta_t, ts)

    beta_hist = jnp.flip(jnp.vstack([beta_t.reshape(1, n_states), beta_hist]), axis=0)

    return beta_hist


@jit
def hmm_viterbi_log(params, obs_seq, length=None):
    seq_len = len(obs_seq)

    if length is None:
        length = seq_len

    trans_dist, obs_dist, init_dist = params.trans_dist, params.obs_dist, params.init_dist

    trans_log_probs = log_softmax(trans_dist.logits)
    init_log_probs = log_softmax(init_dist.logits)

    n_states = obs_dist.batch_shape[0]

    first_log_prob = init_log_probs + obs_dist.log_prob(obs_seq[0])

    if seq_len == 1:
        return jnp.expand_dims(jnp.argmax(first_log_prob), axis=0)

    def viterbi_forward(prev_logp, t):
        obs_logp = obs_dist.log_prob(obs_seq[t])

        logp = jnp.where(t <= length,
                         prev_logp[..., None] + trans_log_probs + obs_logp[..., None, :],
                         -jnp.inf + jnp.zeros_like(trans_log_probs))

        max_logp_given_successor = jnp.where(t <= length, jnp.max(logp, axis=-2), prev_logp)
        most_likely_given_successor = jnp.where(t <= length, jnp.argmax(logp, axis=-2), -1)

        return max_logp_given_successor, most_likely_given_successor

    ts = jnp.arange(1, seq_len)
    final_log_prob, most_likely_sources = lax.scan(viterbi_forward, first_log_prob, ts)

    most_likely_initial_given_successor = jnp.argmax(
        trans_log_probs + first_log_prob, axis=-2)

    most_likely_sources = jnp.concatenate([
        jnp.expand_dims(most_likely_initial_given_successor, axis=0),
        most_likely_sources], axis=0)

    def viterbi_backward(state, t):
        state = jnp.where(t <= length,
                          jnp.sum(most_likely_sources[t] * one_hot(state, n_states)).astype(jnp.int64),
                          state)
        most_likely = jnp.where(t <= length, state, -1)
        return state, most_likely

    final_state = jnp.argmax(final_log_prob)
    _, most_likely_path = lax.scan(viterbi_backward, final_state, ts, reverse=True)

    final_state = jnp.where(length == seq_len, final_state, -1)

    return jnp.append(most_likely_path, final_state)
