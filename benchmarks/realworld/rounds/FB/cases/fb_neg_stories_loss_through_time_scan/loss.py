# Source: https://github.com/cantinilab/stories/blob/1770786b8f1691b2e05daacc8f7f409906ed077b/stories/loss.py
# Title: stories/loss.py (STORIES: learning spatially informed Waddington-like potentials for single-cell data)
# Cut: kept loss_fn; linear_loss reduced to its Sinkhorn call; quadratic branch dropped. make_update reproduces the jitted value_and_grad update from stories/spacetime.py (SpaceTime.fit).
from typing import Dict

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax

from proximal_step import ProximalStep


def linear_loss(x, a, y, b, epsilon, debias):
    from ott.geometry.pointcloud import PointCloud
    from ott.problems.linear.linear_problem import LinearProblem
    from ott.solvers.linear.sinkhorn import Sinkhorn

    geom = PointCloud(x, y, epsilon=epsilon)
    return Sinkhorn()(LinearProblem(geom, a, b)).reg_ot_cost


def loss_fn(
    params: optax.Params,
    batch: Dict[str, jax.Array],
    teacher_forcing: bool,
    proximal_step: ProximalStep,
    potential: nn.Module,
    n_steps: int,
    epsilon: float,
    debias: bool,
    tau_diff: jax.Array,
) -> jax.Array:
    # This is a helper function to compute the loss for a single timepoint.
    # We will chain this function over the timepoints using lax.scan.
    def _through_time(carry, t):
        _x, _space, _a = carry

        # Predict the timepoint t+1 using the proximal step.
        pred_x = proximal_step.chained_training_steps(
            _x[t], _a[t], potential, params, tau_diff[t], n_steps
        )

        right_marginal = jnp.where(_a[t + 1] > 0, 1.0, 0.0)
        right_marginal /= jnp.sum(right_marginal)
        ot_loss = linear_loss(
            x=pred_x,
            a=_a[t],
            y=_x[t + 1],
            b=right_marginal,
            epsilon=epsilon,
            debias=debias,
        )

        # If no teacher-forcing, replace next observation with predicted
        replace_fn = lambda u: u.at[t + 1].set(pred_x)
        _x = jax.lax.cond(teacher_forcing, lambda u: u, replace_fn, _x)

        replace_fn = lambda u: u.at[t + 1].set(_space[t])
        _space = jax.lax.cond(teacher_forcing, lambda u: u, replace_fn, _space)

        replace_fn = lambda u: u.at[t + 1].set(_a[t])
        _a = jax.lax.cond(teacher_forcing, lambda u: u, replace_fn, _a)

        return (_x, _space, _a), ot_loss

    # Iterate through timepoints efficiently. ot_loss becomes a 1-D array.
    timepoints = jnp.arange(len(batch["x"]) - 1)
    init_carry = (batch["x"], batch["space"], batch["a"])
    _, ot_loss = jax.lax.scan(_through_time, init_carry, timepoints)

    return jnp.sum(tau_diff * ot_loss)


def make_update(optimizer, lkwargs):
    # From stories/spacetime.py, SpaceTime.fit
    @jax.jit
    def jitted_update(params, opt_state, batch):
        """A jitted update function."""
        v, g = jax.value_and_grad(loss_fn)(params, batch, **lkwargs)
        updates, opt_state = optimizer.update(g, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, v

    return jitted_update
