# Source: https://github.com/ammar1510/ReLax/blob/d2e966cbbe120c2a31625367aaf07c247ca7a508/sampling.py
# Title: ReLax: sampling.py (jitted top-p sampler used by generate.py)
# Cut: kept imports, temperature_scale, sample_top_p, the Sampler base and TopPSampler; cut top-k/greedy/categorical samplers
import jax
import jax.numpy as jnp
from jax import random
from jax import jit
import abc  # For Abstract Base Class
from functools import partial

"""Sampling functions for the model.
This entire file needs to be JIT compatible.
"""


@jit
def temperature_scale(logits: jax.Array, temperature: float) -> jax.Array:
    """
    Scales logits by temperature.

    Args:
        logits: The input logits array (usually shape [vocab_size]).
        temperature: The sampling temperature. Lower values make the distribution
                     sharper, higher values make it flatter. Must be positive.

    Returns:
        The scaled logits.
    """
    # Ensure temperature is positive to avoid division by zero or negative values
    # Small epsilon added for numerical stability if temperature is very close to 0
    safe_temperature = jnp.maximum(temperature, 1e-6)
    return logits / safe_temperature


@jit
def sample_top_p(
    logits: jax.Array, p: float, key: random.PRNGKey, temperature: float = 1.0
) -> jax.Array:
    """
    Samples using nucleus sampling (top-p).

    Sorts logits, calculates the cumulative probability, filters out tokens
    whose cumulative probability exceeds p, scales by temperature, and then samples.

    Args:
        logits: The input logits array, shape [B, vocab_size].
        p: The cumulative probability threshold for nucleus sampling.
        key: JAX PRNG key for random sampling.
        temperature: Sampling temperature, applied before sampling.

    Returns:
        The sampled token IDs, shape [B,].
    """
    # Apply temperature scaling first
    scaled_logits = temperature_scale(logits, temperature)

    # Sort logits in descending order along the vocabulary axis
    sorted_indices = jnp.flip(jnp.argsort(scaled_logits, axis=-1), axis=-1)
    sorted_logits = jnp.take_along_axis(scaled_logits, sorted_indices, axis=-1)

    # Calculate cumulative probabilities
    probs = jax.nn.softmax(sorted_logits, axis=-1)
    cumulative_probs = jnp.cumsum(probs, axis=-1)

    # Find indices where cumulative probability exceeds p
    # We include the first element always, and then elements where the *previous*
    # cumulative probability was less than p.
    indices_to_remove = cumulative_probs > p
    # Shift right and insert True at the beginning for each row
    indices_to_remove = jnp.roll(indices_to_remove, 1, axis=-1)
    indices_to_remove = indices_to_remove.at[:, 0].set(False)

    # Set logits for removed tokens to negative infinity
    neg_inf = jnp.finfo(scaled_logits.dtype).min
    updates = jnp.where(indices_to_remove, neg_inf, sorted_logits)

    # Scatter these updates back to the original logit positions
    scatter_indices = jnp.argsort(sorted_indices, axis=-1)
    logits_filtered = jnp.take_along_axis(updates, scatter_indices, axis=-1)

    # Sample from the filtered distribution
    # This will return a token ID for each item in the batch, shape [B,]
    sampled_token_ids = random.categorical(key, logits_filtered, axis=-1)
    return sampled_token_ids


class Sampler(abc.ABC):
    @abc.abstractmethod
    def sample(self, logits: jax.Array, key: random.PRNGKey) -> jax.Array:
        """Samples a token from the logits distribution."""
        pass


class TopPSampler(Sampler):
    """Samples using nucleus (top-p) sampling. Temperature is applied internally by sample_top_p."""

    def __init__(self, p: float, temperature: float):
        if not (0 < p <= 1.0):
            raise ValueError("p must be in (0, 1] for TopPSampler.")
        if temperature <= 0:  # sample_top_p internally handles temperature > 0
            raise ValueError(
                "Temperature must be positive for TopPSampler if using the helper."
            )
            # If a temp of 0 was desired with top-p, logic would need to adapt.
            # The current sample_top_p scales with temperature and expects it > 0.
        self.p = p
        self.temperature = temperature

    def sample(self, logits: jax.Array, key: random.PRNGKey) -> jax.Array:
        # The existing sample_top_p function handles temperature scaling internally.
        return sample_top_p(logits, self.p, key, temperature=self.temperature)
