# Source: https://github.com/Sahas-Ananth/MPPI-JAX/blob/3fe2141ca960e51d97e037f41ddf5994fafc1d73/src/mppi.py
# Title: src/mppi.py and src/motion_models.py (Sahas-Ananth/MPPI-JAX)
# Cut: kept unicycle, simulate (motion_models.py) and calculate_weights, mppi_plan (mppi.py) in one
#      file; checkify checks and docstrings trimmed; calculate_costs replaced by a goal-distance cost.
from functools import partial

from jax import Array
from jax import numpy as jnp
from jax import vmap
from jax.lax import scan


def unicycle(state: Array, control: Array, dt: float) -> tuple[Array, Array]:
    x, y, theta = state
    v, w = control
    x_new: Array = x + v * jnp.cos(theta) * dt
    y_new: Array = y + v * jnp.sin(theta) * dt
    theta_new: float = theta + w * dt
    next_state: Array = jnp.array([x_new, y_new, theta_new])
    return next_state, next_state


def simulate(model_fn, initial_state: Array, ctrl_seq: Array) -> Array:
    _, answer = scan(model_fn, initial_state, ctrl_seq)
    return answer


def calculate_costs(traj, goal):
    return jnp.linalg.norm(goal[:2] - traj[:, :, :2], axis=-1).sum(axis=1)


def calculate_weights(costs: Array, temperature: float) -> Array:
    expo = jnp.exp((-1 * (costs - jnp.min(costs))) / temperature)
    weights = expo / jnp.sum(expo)
    return jnp.expand_dims(weights, axis=(1, 2))


def mppi_plan(state, U, epsilon, goal, min_lims, max_lims, temp: float, dt: float):
    V = jnp.clip(U + epsilon, min_lims, max_lims)
    clip_eps = V - U
    trajs = vmap(simulate, in_axes=(None, None, 0))(partial(unicycle, dt=dt), state, V)
    costs = calculate_costs(trajs, goal)
    weights = calculate_weights(costs, temp)
    U_next = U + jnp.sum(weights * clip_eps, axis=0)
    u0 = U_next.at[0].get()
    U_next = jnp.roll(U_next, -1, axis=0)
    U_next = U_next.at[-1].set(U_next.at[-2].get())
    return u0, trajs, costs, U_next
