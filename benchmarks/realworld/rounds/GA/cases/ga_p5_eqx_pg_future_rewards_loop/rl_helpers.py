# Source: https://github.com/Artur-Galstyan/jaxRL/blob/d077c2a5c332e82bc7bbf2ed62f7f69393f64c0d/equinox_rl/common/rl_helpers.py
# Title: jaxRL equinox_rl/common/rl_helpers.py (the author's helpers behind equinox issue #307)
# Cut: kept get_future_rewards and the policy-gradient loss; the fori_loop/scan helpers further down the file dropped.
import jax
import jax.numpy as jnp
import tensorflow_probability.substrates.jax as tfp
from jaxtyping import Array


def get_future_rewards(rewards: Array, gamma=0.99) -> Array:
    """Calculate the future rewards for a given set of rewards.
    Args:
        rewards: The rewards to calculate the future rewards for.
        gamma: The discount factor.

    Returns:
        The future rewards.
    """
    returns = jnp.zeros_like(rewards)
    future_returns = 0

    for t in range(len(rewards) - 1, -1, -1):
        future_returns = rewards[t] + gamma * future_returns
        returns = returns.at[t].set(future_returns)

    return returns


def get_policy_gradient_discrete_loss(
    logits: Array,
    actions: Array,
    advantages: Array,
) -> Array:
    log_probs = tfp.distributions.Categorical(logits=logits).log_prob(actions)
    advantages = jax.lax.stop_gradient(advantages)
    return -jnp.mean(log_probs * advantages)
