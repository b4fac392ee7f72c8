# Source: https://github.com/google-research/google-research/blob/1d4d2f1aa6f2883a790d2ae46a6ee8ab150d8f31/persistent_es/toy_regression.py
# Title: persistent_es/toy_regression.py (Meta-learning a learning rate schedule for a toy 2D regression task)
# Cut: argparse/yaml/CSV logging removed; schedule and inner_optim modules replaced by a linear
#      log-lr schedule and plain SGD (reconstructed); the outer loop calls grad_unroll (w.r.t. theta)
#      directly instead of the MultiParticleEstimator object (reconstructed); `unroll` is verbatim.
from functools import partial
from typing import NamedTuple, Optional, Any

import jax
import jax.numpy as jnp

import optax


@jax.jit
def loss(x):
  """Inner loss surface"""
  return jnp.sqrt(x[0]**2 + 5) - jnp.sqrt(5) + jnp.sin(x[1])**2 * \
         jnp.exp(-5*x[0]**2) + 0.25*jnp.abs(x[1] - 100)

loss_grad = jax.jit(jax.grad(loss))


def get_inner_opt_params(inner_opt_params, theta, t, T):
  # linear schedule on log learning rate between theta[0] and theta[1]
  lr = jnp.exp(theta[0] * (1 - t / T) + theta[1] * (t / T))
  return dict(inner_opt_params, lr=lr)


def opt_step(x, g, opt_params):
  return x - opt_params['lr'] * g, opt_params


class InnerState(NamedTuple):
  inner_state: jnp.ndarray
  inner_opt_state: Any
  t: jnp.ndarray
  pert_accums: Optional[jnp.ndarray] = None


@partial(jax.jit, static_argnames=('T', 'K'))
def unroll(rng, theta, state, T, K):

  def update(loop_state, t):
    state, L = loop_state
    g = loss_grad(state.inner_state)
    inner_opt_params = get_inner_opt_params(state.inner_opt_state, theta,
                                            state.t, T)
    inner_state_updated, inner_opt_params = opt_step(state.inner_state, g,
                                                     inner_opt_params)
    loss_value = loss(inner_state_updated)
    L += loss_value

    state_updated = state._replace(
        inner_state=inner_state_updated,
        inner_opt_state=inner_opt_params,
        t=state.t + 1,
    )
    return (state_updated, L), loss_value

  (state_updated, L), loss_values = jax.lax.scan(update, (state, 0.0),
                                                 jnp.array(list(range(K))))

  result = jnp.sum(loss_values)
  return result, state_updated


grad_unroll = jax.jit(
    jax.grad(unroll, argnums=1, has_aux=True), static_argnames=('T', 'K'))


def init_state_fn(rng):
  """Initialize the inner parameters."""
  x = jnp.array([1.0, 1.0])
  inner_state = InnerState(
      t=jnp.array(0.0),
      inner_state=x,
      inner_opt_state={'lr': 1e-2, 'wd': 1e-10})
  return inner_state


T, K = 100, 10
theta = jnp.array([-4.0, -4.0])
theta_opt = optax.adam(1e-2, b1=0.99, b2=0.999)
theta_opt_state = theta_opt.init(theta)
key = jax.random.PRNGKey(3)
state = init_state_fn(key)

# Meta-optimization loop
for outer_iteration in range(20000):
  theta_grad, state = grad_unroll(key, theta, state, T, K)
  theta_update, theta_opt_state = theta_opt.update(theta_grad, theta_opt_state)
  theta = optax.apply_updates(theta, theta_update)
  if state.t >= T:
    state = init_state_fn(key)

  if outer_iteration % 10 == 0:
    # Evaluate on the full unroll
    fresh_inner_state = init_state_fn(key)
    L, _ = unroll(key, theta, fresh_inner_state, T, T)
    print(outer_iteration, theta, float(L))
