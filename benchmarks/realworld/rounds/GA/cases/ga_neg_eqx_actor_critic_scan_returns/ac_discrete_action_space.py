# Source: https://github.com/Artur-Galstyan/jaxRL/blob/7611b60147c8b00db0073354adcdeb14875a0447/equinox_rl/ac_discrete_action_space.py
# Title: jaxRL equinox_rl/ac_discrete_action_space.py (actor-critic with a learned baseline)
# Cut: dataset class, rollout, optuna objective and experiment driver dropped; networks, critic step and policy step kept. Returns come from the scan-based helper in rl_helpers.py.
from typing import Tuple

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jaxtyping import PyTree

import rl_helpers as rlh


class Policy(eqx.Module):
    layers: list

    def __init__(self, layers: list[int], key: jax.random.PRNGKey):
        super().__init__()
        self.layers = []
        for i in range(len(layers) - 1):
            key, subkey = jax.random.split(key)
            self.layers.append(eqx.nn.Linear(layers[i], layers[i + 1], key=subkey))
            del subkey
            if i != len(layers) - 2:
                self.layers.append(jax.nn.relu)

    def __call__(self, x: jnp.ndarray) -> jnp.ndarray:
        for layer in self.layers:
            x = layer(x)
        return x


@eqx.filter_jit
def critic_loss(
    critic: PyTree,
    states: jnp.ndarray,
    rewards: jnp.ndarray,
) -> jnp.ndarray:
    """Get the critic loss."""
    values = jax.vmap(critic)(states)
    loss = jnp.mean((values - rewards) ** 2)
    return loss


@eqx.filter_jit
def critic_step(
    critic: PyTree,
    states: jnp.ndarray,
    rewards: jnp.ndarray,
    opt_state: optax.OptState,
    optimizer: optax.GradientTransformation,
) -> Tuple[PyTree, optax.OptState]:
    """Perform a step of the critic network."""
    loss, grads = eqx.filter_value_and_grad(critic_loss)(critic, states, rewards)
    updates, opt_state = optimizer.update(grads, opt_state, critic)
    critic = eqx.apply_updates(critic, updates)
    return critic, opt_state, loss


@eqx.filter_jit
def loss_fn(
    l_policy: PyTree,
    l_states: jnp.ndarray,
    l_actions: jnp.ndarray,
    l_rewards: jnp.ndarray,
    l_gamma: float,
    critic: PyTree,
) -> jnp.ndarray:
    logits = jax.vmap(l_policy)(l_states)
    advantages = rlh.get_total_discounted_rewards(l_rewards, l_gamma)
    baseline = jax.vmap(critic)(l_states)
    advantages = advantages - baseline
    loss = rlh.get_policy_gradient_discrete_loss(logits, l_actions, advantages)
    return loss


@eqx.filter_jit
def step(
    s_states: jnp.ndarray,
    s_actions: jnp.ndarray,
    s_rewards: jnp.ndarray,
    s_policy: PyTree,
    s_gamma: float,
    s_optimizer: optax.GradientTransformation,
    s_opt_state: optax.Params,
    critic: PyTree,
):
    """Perform a single step of the policy gradient algorithm."""
    loss, grads = eqx.filter_value_and_grad(loss_fn)(
        s_policy, s_states, s_actions, s_rewards, s_gamma, critic
    )
    updates, s_opt_state = s_optimizer.update(grads, s_opt_state, s_policy)
    s_policy = eqx.apply_updates(s_policy, updates)
    return s_policy, s_opt_state, loss
