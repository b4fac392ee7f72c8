# Source: https://github.com/google-research/google-research/blob/30adf0ec5f35f9609c2f1d896005e184195d9146/persistent_es/influence_balancing.py
# Title: persistent_es/influence_balancing.py (Influence balancing experiment from the UORO paper, PES hyperparameter/meta-gradient estimators)
# Cut: argparse, yaml and CSV logging removed; estimator flags fixed to their defaults; the outer loop kept
#      with its full-length evaluation unroll (T = K = 500). The TBPTT estimator that differentiates
#      `unroll` is in gradient_estimators.py of this case.
from functools import partial
from typing import NamedTuple, Optional, Union

import jax
import jax.numpy as jnp

import optax
import haiku as hk

import gradient_estimators


class Args:
  iterations = 3000
  estimate = 'tbptt'
  K = 1
  lr = 1e-4
  N = 1000
  sigma = 1e-1
  seed = 3


args = Args()

# Influence balancing problem setup
# -----------------------------------------------
n = 23
values = jnp.array([0.5] * n)
A = jnp.diag(values) + jnp.diag(values, 1)[:n,:n]
theta = jnp.array([0.5])
num_positive = 10
sign_vector = jnp.array([1] * num_positive + [-1] * (n - num_positive))
# -----------------------------------------------


@partial(jax.jit, static_argnames=('T', 'K'))
def unroll(rng, theta, state, T, K):
  theta_vec = jnp.repeat(theta, n) * sign_vector
  state_current = jnp.array(state.inner_state)
  for i in range(K):
    state_current = jnp.matmul(A, state_current) + theta_vec
  loss = 0.5 * (state_current[0] - 1)**2
  updated_state = state._replace(inner_state=state_current, t=state.t + K)
  return loss, updated_state


class InnerState(NamedTuple):
  inner_state: Union[jnp.ndarray, hk.Params]
  t: jnp.ndarray
  pert_accums: Optional[jnp.ndarray] = None


def init_state_fn(rng):
  """Initialize the inner parameters."""
  inner_state = InnerState(t=jnp.zeros(1), inner_state=jnp.ones(n))
  return inner_state


key = jax.random.PRNGKey(args.seed)
estimator = gradient_estimators.TBPTTParticle(
    key=key,
    init_state_fn=init_state_fn,
    unroll_fn=unroll,
    K=args.K,
    T=None,
)

# Set up outer parameters and outer optimization
theta_opt = optax.sgd(args.lr)
theta_opt_state = theta_opt.init(theta)

state_from_scratch = InnerState(t=jnp.zeros(1), inner_state=jnp.ones(n))
for i in range(args.iterations):
  gradient = estimator.grad_estimate(theta)

  outer_update, theta_opt_state = jax.jit(theta_opt.update)(gradient,
                                                            theta_opt_state)
  theta = jax.jit(optax.apply_updates)(theta, outer_update)

  loss, _ = unroll(None, theta, state_from_scratch, 500, 500)
  print('Iter: {} | Unroll loss: {:6.4e} | Theta: {} | Grad: {}'.format(
      i, loss, theta, gradient))
