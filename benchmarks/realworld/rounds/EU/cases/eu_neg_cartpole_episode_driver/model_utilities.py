# Source: https://github.com/jeh15/sandbox/blob/6c9e99e5fd99c484936c411df64dd22c00c4b7d7/jaxopt/cart_pole_mpc/model_utilities.py
# Title: jaxopt/cart_pole_mpc/model_utilities.py (jeh15/sandbox)
# Cut: kept forward_pass and select_action verbatim.
from typing import Callable, Tuple, Any
import functools

import jax
import jax.numpy as jnp
import flax
import distrax


@functools.partial(jax.jit, static_argnames=["apply_fn"])
def forward_pass(
    model_params: flax.core.FrozenDict,
    apply_fn: Callable[..., Any],
    x: jax.typing.ArrayLike,
    key: jax.random.PRNGKeyArray,
) -> Tuple[jnp.ndarray, jnp.ndarray, jnp.ndarray]:
    mean, std, values = apply_fn({"params": model_params}, x, key)
    return mean, std, values


@jax.jit
def select_action(
    mean: jax.typing.ArrayLike,
    std: jax.typing.ArrayLike,
    key: jax.random.PRNGKeyArray,
) -> Tuple[jnp.ndarray, jnp.ndarray, jnp.ndarray]:
    probability_distribution = distrax.Normal(loc=mean, scale=std)
    actions = probability_distribution.sample(seed=key)
    log_probability = probability_distribution.log_prob(actions)
    entropy = probability_distribution.entropy()
    return actions, log_probability, entropy
