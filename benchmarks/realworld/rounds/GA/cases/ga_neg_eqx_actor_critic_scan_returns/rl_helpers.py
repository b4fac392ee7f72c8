# Source: https://github.com/Artur-Galstyan/jaxRL/blob/7611b60147c8b00db0073354adcdeb14875a0447/equinox_rl/common/rl_helpers.py
# Title: jaxRL equinox_rl/common/rl_helpers.py (imported as common.rl_helpers)
# Cut: kept the loss and the two jitted return helpers (fori_loop and scan); the Python-loop get_future_rewards at the top of the file, not used by the actor-critic script, dropped.
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
def get_discounted_rewards(rewards: Array, gamma=0.99) -> Array:
    def body_fn(i: int, val: float):
        return val + (gamma**i) * rewards[i]

    discounted_rewards = jnp.zeros(())
    num_rewards = len(rewards)
    discounted_rewards = jax.lax.fori_loop(0, num_rewards, body_fn, discounted_rewards)

    return discounted_rewards


@jax.jit
def get_total_discounted_rewards(rewards: Array, gamma=0.99) -> Array:
    def scan_fn(carry, current_reward):
        discounted_reward = carry + current_reward
        return discounted_reward * gamma, discounted_reward

    _, total_discounted_rewards = jax.lax.scan(scan_fn, 0.0, rewards[::-1])
    return total_discounted_rewards[::-1].reshape(-1, 1)
