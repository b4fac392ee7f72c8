# Source: https://github.com/Artur-Galstyan/jaxRL/blob/af9091b74edf811b30463a91c63eb41a7f85bc05/equinox_rl/policy_gradient.py
# Title: jaxRL equinox_rl/policy_gradient.py
# Cut: docstrings shortened; experiment() and plotting dropped; the torch DataLoader driver kept as the author wrote it.
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
import tensorflow_probability.substrates.jax as tfp
from jaxtyping import Array, Float32, PRNGKeyArray, PyTree
from torch.utils.data import DataLoader

import rl_helpers


class Policy(eqx.Module):
    """Policy network for the policy gradient algorithm in a discrete action space."""

    layers: list

    def __init__(self, layers: list[int], key: PRNGKeyArray) -> None:
        self.layers = []

        for i in range(len(layers) - 1):
            key, subkey = jax.random.split(key)
            self.layers.append(eqx.nn.Linear(layers[i], layers[i + 1], key=subkey))
            del subkey

            # Add a ReLU activation function to all but the last layer.
            if i < len(layers) - 2:
                self.layers.append(jax.nn.relu)

    def __call__(self, x: Float32[Array, "state_dims"]) -> Array:
        for layer in self.layers:
            x = layer(x)
        return x


@eqx.filter_jit
def get_action(state, policy: Policy, key: PRNGKeyArray):
    key, subkey = jax.random.split(key)
    logits = policy(state)
    action = tfp.distributions.Categorical(logits=logits).sample(seed=subkey)
    return action


def loss_fn(policy, states, actions, rewards, dones, gamma):
    logits = eqx.filter_vmap(policy)(states)
    advantages = rl_helpers.get_total_discounted_rewards(rewards, gamma)

    loss = rl_helpers.get_policy_gradient_discrete_loss(logits, actions, advantages)
    return loss


@eqx.filter_jit
def step(states, actions, rewards, dones, gamma, optimizer, opt_state, policy):
    loss, grads = eqx.filter_value_and_grad(loss_fn)(
        policy, states, actions, rewards, dones, gamma
    )
    updates, opt_state = optimizer.update(grads, opt_state, policy)
    policy = eqx.apply_updates(policy, updates)

    return policy, opt_state, loss


def train(states, actions, rewards, dones, gamma, policy, opt_state, optimizer, dataset):
    """Train the policy network."""
    dataloader = DataLoader(dataset, batch_size=8, shuffle=False, drop_last=True)

    losses = []

    for batch in dataloader:
        b_states, b_actions, b_rewards, b_dones = batch

        b_states = jnp.array(b_states.numpy())
        b_actions = jnp.array(b_actions.numpy())
        b_rewards = jnp.array(b_rewards.numpy())
        b_dones = jnp.array(b_dones.numpy())

        policy, opt_state, loss = step(
            b_states, b_actions, b_rewards, b_dones, gamma, optimizer, opt_state, policy
        )

        losses.append(loss)

    return policy, opt_state, np.mean(losses)
