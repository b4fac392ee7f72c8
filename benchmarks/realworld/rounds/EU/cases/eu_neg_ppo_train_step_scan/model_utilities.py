# Source: https://github.com/jeh15/sandbox/blob/6c9e99e5fd99c484936c411df64dd22c00c4b7d7/jaxopt/cart_pole_mpc/model_utilities.py
# Title: jaxopt/cart_pole_mpc/model_utilities.py (jeh15/sandbox)
# Cut: kept train_step verbatim; loss_function reduced to a stub signature (its body is the PPO clipped loss).
from typing import Tuple
import functools

import jax
import jax.numpy as jnp
import flax


def loss_function(model_params, apply_fn, model_input, actions, advantages,
                  returns, previous_log_probability, keys):
    ...


@functools.partial(
    jax.jit, static_argnames=["batch_size", "episode_length", "ppo_steps"]
)
def train_step(
    model_state: flax.training.train_state.TrainState,
    model_input: jax.typing.ArrayLike,
    actions: jax.typing.ArrayLike,
    advantages: jax.typing.ArrayLike,
    returns: jax.typing.ArrayLike,
    previous_log_probability: jax.typing.ArrayLike,
    keys: jax.random.PRNGKeyArray,
    batch_size: int,
    episode_length: int,
    ppo_steps: int,
) -> Tuple[flax.training.train_state.TrainState, jnp.ndarray]:
    # PPO Optimixation Loop:
    def ppo_loop(carry, xs):
        model_state, keys = carry
        loss, gradients = gradient_function(
            model_state.params,
            model_state.apply_fn,
            model_input,
            actions,
            advantages,
            returns,
            previous_log_probability,
            keys,
        )
        model_state = model_state.apply_gradients(grads=gradients)
        # Generate new RNG keys:
        keys = jax.random.split(
            keys[0, 0],
            (batch_size * episode_length),
        )
        keys = jnp.reshape(
            keys,
            (batch_size, episode_length, keys.shape[-1]),
        )
        # Pack carry and data:
        carry = model_state, keys
        data = loss
        return carry, data

    gradient_function = jax.value_and_grad(loss_function)

    carry, data = jax.lax.scan(
        f=ppo_loop,
        init=(model_state, keys),
        xs=None,
        length=ppo_steps,
    )

    # Unpack carry and data:
    model_state, _ = carry
    loss = data
    loss = jnp.mean(loss)

    return model_state, loss
