# Source: https://github.com/Artur-Galstyan/jaxRL/blob/7611b60147c8b00db0073354adcdeb14875a0447/equinox_rl/common/rl_helpers.py
# Title: jaxRL equinox_rl/common/rl_helpers.py (imported by a2c.py as common.rl_helpers)
# Cut: only the policy-gradient loss that a2c.py uses.
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
