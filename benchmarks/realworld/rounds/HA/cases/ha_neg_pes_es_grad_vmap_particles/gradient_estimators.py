# Source: https://github.com/google-research/google-research/blob/5b09c22d73a9d35eb6c5d2a99b95677a45053466/persistent_es/gradient_estimators.py
# Title: persistent_es/gradient_estimators.py (Gradient estimators: ES, PES, TBPTT, RTRL, UORO)
# Cut: es_grad, pes_grad and the ESParticleChunk driver kept; telescoping/analytic variants and the
#      TBPTT/RTRL/UORO particles removed; docstrings shortened.
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=('unroll_fn', 'T', 'K', 'N', 'sigma'))
def es_grad(key, key_for_data, unroll_fn, theta, state, T, K, N, sigma):
  """Computes the vanilla ES gradient estimate with N//2 antithetic pairs."""
  pos_pert = jax.random.normal(key, (N // 2, len(theta))) * sigma
  neg_pert = -pos_pert
  perts = jnp.concatenate([pos_pert, neg_pert])
  obj, _ = jax.vmap(
      unroll_fn,
      in_axes=(None, 0, None, None, None))(key_for_data, theta + perts, state,
                                           T, K)

  weighted_obj = obj.reshape(-1, 1) * perts
  grad_estimate = jnp.sum(weighted_obj, axis=0) / (N * sigma**2)
  return grad_estimate


@partial(jax.jit, static_argnames=('unroll_fn', 'T', 'K', 'N', 'sigma'))
def pes_grad(key, key_for_data, unroll_fn, theta, state, T, K, N, sigma):
  """Computes the Persistent Evolution Strategies gradient estimate."""
  pos_pert = jax.random.normal(key, (N // 2, len(theta))) * sigma
  neg_pert = -pos_pert
  perts = jnp.concatenate([pos_pert, neg_pert])
  obj, state_new = jax.vmap(
      unroll_fn, in_axes=(None, 0, 0, None, None))(key_for_data, theta + perts,
                                                   state, T, K)
  state_new = state_new._replace(pert_accums=state_new.pert_accums + perts)

  weighted_obj = obj.reshape(-1, 1) * state_new.pert_accums
  grad_estimate = jnp.sum(weighted_obj, axis=0) / (N * sigma**2)
  return grad_estimate, state_new


class ESParticleChunk:

  def __init__(self, key, K, T, sigma, N, init_state_fn, unroll_fn,
               initial_reset_t=None, telescoping=False):
    super().__init__()
    self.key, self.key_unroll, self.key_eval = jax.random.split(key, num=3)
    self.unroll_fn = unroll_fn
    self.init_state_fn = init_state_fn
    self.T = T
    self.K = K
    self.N = N
    self.sigma = sigma
    self.telescoping = telescoping
    self.has_been_reset = False
    self.initial_reset_t = initial_reset_t if initial_reset_t else T
    self.reset()

  def reset(self):
    self.state = self.init_state_fn(self.key)

  def grad_estimate(self, theta, update_state=True):
    key, skey = jax.random.split(self.key)
    key_unroll, skey_unroll = jax.random.split(self.key_unroll)
    key_eval, skey_eval = jax.random.split(self.key_eval)

    skey_for_data = (skey_unroll, skey_eval)
    gradient = es_grad(
        skey,
        skey_for_data,
        self.unroll_fn,
        theta,
        self.state,
        self.T,
        self.K,
        N=self.N,
        sigma=self.sigma)

    if update_state:
      _, self.state = self.unroll_fn(skey_for_data, theta, self.state, self.T,
                                     self.K)

      self.key = key
      self.key_eval = key_eval
      self.key_unroll = key_unroll

      if (self.state.t >= self.T) or \
         (not self.has_been_reset and (self.state.t >= self.initial_reset_t)):
        self.has_been_reset = True
        self.reset()

    return gradient
