# Source: https://github.com/Artur-Galstyan/jaxRL/blob/7611b60147c8b00db0073354adcdeb14875a0447/equinox_rl/a2c.py
# Title: jaxRL equinox_rl/a2c.py ("new rollout function test")
# Cut: dataset class, optuna objective, experiment driver and plotting dropped; the host rollout, the networks, GAE and the jitted policy step kept.
from typing import Tuple

import equinox as eqx
import gymnasium as gym
import jax
import jax.numpy as jnp
from jaxtyping import Array, Float32, PRNGKeyArray, PyTree
import optax
import tensorflow_probability.substrates.jax as tfp

import rl_helpers as rlh


class Critic(eqx.Module):
    """Critic network for the policy gradient algorithm."""

    layers: list

    def __init__(self, layers: list[int], key: PRNGKeyArray):
        super().__init__()
        self.layers = []
        for i in range(len(layers) - 1):
            key, subkey = jax.random.split(key)
            self.layers.append(eqx.nn.Linear(layers[i], layers[i + 1], key=subkey))
            del subkey
            if i != len(layers) - 2:
                self.layers.append(jax.nn.relu)

    def __call__(self, x: Array) -> Array:
        for layer in self.layers:
            x = layer(x)
        return x


def calculate_gae(
    rewards: Array,
    values: Array,
    dones: Array,
    gamma: Float32,
    lam: Float32,
) -> Array:
    values = jnp.append(values, values[0])
    gae = 0
    advantages = jnp.zeros_like(rewards)
    for t in reversed(range(len(rewards))):
        delta = rewards[t] + gamma * values[t + 1] * (1 - dones[t]) - values[t]
        gae = delta + gamma * lam * (1 - dones[t]) * gae
        advantages = advantages.at[t].set(gae)

    return advantages


@eqx.filter_jit
def get_action(state: Array, policy: PyTree, epsilon: float, key: PRNGKeyArray) -> int:
    """Get action from the policy network."""
    key, subkey1, subkey2 = jax.random.split(key, 3)
    logits = policy(state)

    def follow_policy():
        action = tfp.distributions.Categorical(logits=logits).sample(seed=subkey1)
        return action

    def explore():
        action = jax.random.randint(subkey2, shape=(), minval=0, maxval=len(logits))
        return action

    action = jax.lax.cond(jax.random.uniform(key) > epsilon, follow_policy, explore)

    return action


def rollout_discrete(
    env: gym.Env, policy: PyTree, epsilon: float, key: PRNGKeyArray
) -> Tuple[Array, Array, Array, Array]:
    """Perform a rollout using the policy network."""
    states = []
    actions = []
    rewards = []
    dones = []

    state, info = env.reset()

    while True:
        states.append(state)
        key, subkey = jax.random.split(key)

        action = get_action(state, policy, epsilon, subkey)
        del subkey

        state, reward, terminated, truncated, info = env.step(int(action))

        actions.append(action)
        rewards.append(reward)
        if terminated or truncated:
            dones.append(1)
            break
        else:
            dones.append(0)
    states = jnp.stack(states)
    actions = jnp.array(actions)
    rewards = jnp.array(rewards)
    dones = jnp.array(dones)
    return states, actions, rewards, dones


@eqx.filter_jit
def loss_fn(
    policy: PyTree,
    states: Array,
    actions: Array,
    rewards: Array,
    dones: Array,
    gamma: float,
    critic: PyTree,
    lam=0.95,
) -> Array:
    logits = jax.vmap(policy)(states)
    values = jax.vmap(critic)(states)
    advantages = calculate_gae(rewards, values, dones, gamma, lam)
    loss = rlh.get_policy_gradient_discrete_loss(logits, actions, advantages)
    return loss


@eqx.filter_jit
def step(
    states: Array,
    actions: Array,
    rewards: Array,
    dones: Array,
    policy: PyTree,
    gamma: float,
    optimizer: optax.GradientTransformation,
    opt_state: optax.Params,
    critic: PyTree,
):
    """Perform a single step of the policy gradient algorithm."""
    loss, grads = eqx.filter_value_and_grad(loss_fn)(
        policy, states, actions, rewards, dones, gamma, critic
    )
    updates, opt_state = optimizer.update(grads, opt_state, policy)
    policy = eqx.apply_updates(policy, updates)
    return policy, opt_state, loss
