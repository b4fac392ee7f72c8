# Source: https://github.com/jeh15/sandbox/blob/6c9e99e5fd99c484936c411df64dd22c00c4b7d7/jaxopt/cart_pole_mpc/model_utilities.py
# Title: jaxopt/cart_pole_mpc/model_utilities.py (jeh15/sandbox)
# Cut: kept imports and calculate_advantage verbatim; dropped the other PPO helpers.
from typing import Tuple
import functools

import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)
dtype = jnp.float64


@functools.partial(jax.jit, static_argnames=["episode_length"])
@functools.partial(jax.vmap, in_axes=(0, 0, 0, None), out_axes=(0, 0))
def calculate_advantage(
    rewards: jax.typing.ArrayLike,
    values: jax.typing.ArrayLike,
    mask: jax.typing.ArrayLike,
    episode_length: int,
) -> Tuple[jnp.ndarray, jnp.ndarray]:
    gamma = 0.99
    lam = 0.95
    gae = 0.0
    advantage = []
    for i in reversed(range(episode_length)):
        error = rewards[i] + gamma * values[i + 1] * mask[i] - values[i]
        gae = error + gamma * lam * mask[i] * gae
        advantage.append(gae)
    advantage = jnp.array(advantage, dtype=dtype)[::-1]
    returns = advantage + values[:-1]
    return advantage, returns
