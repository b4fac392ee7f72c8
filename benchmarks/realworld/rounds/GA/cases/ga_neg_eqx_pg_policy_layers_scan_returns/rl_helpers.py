# Source: https://github.com/Artur-Galstyan/jaxRL/blob/af9091b74edf811b30463a91c63eb41a7f85bc05/equinox_rl/common/rl_helpers.py
# Title: jaxRL equinox_rl/common/rl_helpers.py ("policy gradient rework")
# Cut: kept the policy-gradient loss and the scan-based rewards-to-go used by policy_gradient.py; the unused helpers dropped.
import jax
import jax.numpy as jnp
import tensorflow_probability.substrates.jax as tfp
from jaxtyping import Array


def get_policy_gradient_discrete_loss(
    logits: Array,
    actions: Array,
    advantages: Array,
) -> Array:
    log_probs = tfp.distributions.Categorical(logits=logits).log_prob(actions)
    advantages = jax.lax.stop_gradient(advantages)
    return -jnp.mean(log_probs * advantages)


@jax.jit
def get_total_discounted_rewards(rewards: Array, gamma=0.99) -> Array:
    """Calculate the total discounted rewards for a given set of rewards."""

    def scan_fn(carry, current_reward):
        discounted_reward = carry + current_reward
        return discounted_reward * gamma, discounted_reward

    _, total_discounted_rewards = jax.lax.scan(scan_fn, 0.0, rewards[::-1])
    return total_discounted_rewards[::-1].reshape(-1, 1)
