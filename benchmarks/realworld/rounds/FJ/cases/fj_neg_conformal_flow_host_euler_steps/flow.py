# Source: https://github.com/trevor-harris/flowcp/blob/d3a00710aa8e0e4c0ce2745434d817af3dfdee3e/flowcp/flow.py
# Title: flowcp/flow.py (flow-based conformal predictive distributions)
# Cut: removed the commented-out old velocity and alpha-level selection; code otherwise unchanged.
import jax
import jax.numpy as jnp


def velocity(score, y, yhat, tau, lam, eps=1e-12):
    s_val, s_grad = score.score_grad(y, yhat)
    s_diff = s_val - tau

    reduce_axes = tuple(range(1, s_grad.ndim))
    s_norm = jnp.sum(s_grad**2, axis=reduce_axes, keepdims=True)
    s_diff_b = s_diff.reshape((s_diff.shape[0],) + (1,) * (s_grad.ndim - 1))
    vel = -lam * s_diff_b * (s_grad / (s_norm + eps))
    return vel
velocity = jax.jit(velocity, static_argnums=0)

def flow(score, y0, yhat, steps=20):
  y = y0

  # pre-compute lambda
  s_val, s_grad = score.score_grad(y, yhat)
  lam = jnp.max(jnp.log(jnp.abs(s_val)/1e-6))
  dt = 1 / steps

  tau = score.tau

  for _ in range(steps):
    vel = velocity(score, y, yhat, tau, lam)
    y += dt*vel
  return y
