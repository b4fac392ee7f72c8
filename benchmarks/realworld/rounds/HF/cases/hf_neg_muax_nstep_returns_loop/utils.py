# Source: https://github.com/Aneeshers/muzero-jax/blob/0cc27620b9b702aa0bbfb09720f063e648b2ba16/muax_g3_jax/utils.py
# Title: muax_g3_jax/utils.py (n_step_bootstrapped_returns, scalar/support helpers), Aneeshers/muzero-jax
# Cut: kept n_step_bootstrapped_returns (a loop over the n bootstrap steps, each step vectorised over the
# sequence) and scale_gradient; a jitted caller with n fixed to the repository's td horizon is added at
# the end as context (reconstructed).
from functools import partial

import jax
from jax import numpy as jnp


def scale_gradient(g, scale: float = 1):
    r"""Scales the gradient while remaining the identical value during the forward pass."""
    return g * scale + jax.lax.stop_gradient(g) * (1. - scale)


def n_step_bootstrapped_returns(
    r_t,
    discount_t,
    v_t,
    n: int,
    lambda_t = 1.,
    stop_target_gradients: bool = False,
):
  """Computes strided n-step bootstrapped return targets over a sequence.
  The returns are computed according to the below equation iterated `n` times:
     Gₜ = rₜ₊₁ + γₜ₊₁ [(1 - λₜ₊₁) vₜ₊₁ + λₜ₊₁ Gₜ₊₁].
  """

  seq_len = r_t.shape[0]

  # Maybe change scalar lambda to an array.
  lambda_t = jnp.ones_like(discount_t) * lambda_t

  # Shift bootstrap values by n and pad end of sequence with last value v_t[-1].
  pad_size = min(n - 1, seq_len)
  targets = jnp.concatenate([v_t[n - 1:], jnp.array([v_t[-1]] * pad_size)])

  # Pad sequences. Shape is now (T + n - 1,).
  r_t = jnp.concatenate([r_t, jnp.zeros(n - 1)])
  discount_t = jnp.concatenate([discount_t, jnp.ones(n - 1)])
  lambda_t = jnp.concatenate([lambda_t, jnp.ones(n - 1)])
  v_t = jnp.concatenate([v_t, jnp.array([v_t[-1]] * (n - 1))])

  # Work backwards to compute n-step returns.
  for i in reversed(range(n)):
    r_ = r_t[i:i + seq_len]
    discount_ = discount_t[i:i + seq_len]
    lambda_ = lambda_t[i:i + seq_len]
    v_ = v_t[i:i + seq_len]
    targets = r_ + discount_ * ((1. - lambda_) * v_ + lambda_ * targets)

  return jax.lax.select(stop_target_gradients,
                        jax.lax.stop_gradient(targets), targets)


@partial(jax.jit, static_argnums=(3,))
def batched_n_step_returns(r, discount, v, n=5):
  return jax.vmap(n_step_bootstrapped_returns, in_axes=(0, 0, 0, None))(r, discount, v, n)
