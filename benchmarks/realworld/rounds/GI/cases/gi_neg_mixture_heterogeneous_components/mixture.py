# Source: https://github.com/avitai/artifex/blob/5fce040acb8e3089a999a1f5a63bf4c1503efbb1/src/artifex/generative_models/core/distributions/mixture.py
# Title: artifex/generative_models/core/distributions/mixture.py (Mixture of heterogeneous distributions over distrax)
# Cut: MixtureOfGaussians (distrax MixtureSameFamily) and the sampling path removed; _efficient_stack
#      reduced to jnp.stack.
import distrax
import jax
import jax.numpy as jnp
from flax import nnx

from artifex.generative_models.core.distributions.base import Distribution


class Mixture(Distribution):
    """Mixture of arbitrary distributions (different types of components)."""

    def __init__(
        self,
        components: list[Distribution],
        weights: jax.Array | None = None,
        *,
        rngs: nnx.Rngs | None = None,
    ):
        super().__init__(rngs=rngs)
        # Wrap components list with nnx.List for NNX compatibility
        self.components = nnx.List(components)
        self.num_components = len(components)

        # Set weights (uniform if not provided)
        if weights is None:
            self.weights = jnp.ones(self.num_components) / self.num_components
        else:
            # Normalize weights to sum to 1
            self.weights = weights / jnp.sum(weights)

        self._cat_dist = nnx.data(distrax.Categorical(probs=self.weights))

    def _efficient_stack(self, arrays, axis=0):
        return jnp.stack(arrays, axis=axis)

    def __call__(self, x: jax.Array | None = None, *, rngs: nnx.Rngs | None = None):
        if x is None:
            return self.sample(sample_shape=(), rngs=rngs)
        return self.log_prob(x)

    def log_prob(self, x: jax.Array) -> jax.Array:
        """Compute log probability of x using vectorized operations."""
        # Compute log probabilities for all components
        component_log_probs = []
        for component in self.components:
            log_prob = component.log_prob(x)
            component_log_probs.append(log_prob)

        # Stack log probs efficiently
        stacked_log_probs = self._efficient_stack(component_log_probs, axis=-1)

        # Add log weights and use logsumexp for numerical stability
        log_weights = jnp.log(self.weights)
        weighted_log_probs = stacked_log_probs + log_weights
        return jax.scipy.special.logsumexp(weighted_log_probs, axis=-1)

    def entropy(self) -> jax.Array:
        """Approximate entropy of the mixture."""
        component_entropies = []
        for component in self.components:
            try:
                entropy = component.entropy()
                component_entropies.append(entropy)
            except (NotImplementedError, ValueError):
                component_entropies.append(jnp.array(0.0))

        component_entropies = jnp.stack(component_entropies)

        if jnp.any(component_entropies == 0.0):
            return jnp.array(0.0)

        weighted_entropies = jnp.sum(self.weights * component_entropies)
        eps = jnp.finfo(self.weights.dtype).eps
        safe_weights = jnp.maximum(self.weights, eps)
        mixture_entropy = -jnp.sum(self.weights * jnp.log(safe_weights))

        return weighted_entropies + mixture_entropy
