# Source: https://github.com/ito-haru/econox/blob/ac63214e13aacf82a59fbcf8d62e58b318d2d2ea/src/econox/methods/numerical.py
# Title: src/econox/methods/numerical.py (Econox: structural estimation in JAX; MLE and composite losses)
# Cut: kept CompositeMethod; MaximumLikelihood and GMM classes removed, EstimationMethod base
#      reduced to its abstract compute_loss.
from typing import Any, Sequence
import jax.numpy as jnp
import equinox as eqx
from jaxtyping import PyTree, Scalar


class EstimationMethod(eqx.Module):
    def compute_loss(self, result, observations, params, model) -> Scalar:
        raise NotImplementedError


class CompositeMethod(EstimationMethod):
    """
    Combines multiple estimation methods into a single scalar loss.
    Assumes methods are independent (Block-Diagonal Weighting).

    Loss = sum( weight_i * loss_i )
    """
    methods: Sequence[EstimationMethod]
    weights: Sequence[float] | None = eqx.field(default=None)

    def compute_loss(
        self,
        result: Any | None,
        observations: Any,
        params: PyTree,
        model: Any
    ) -> Scalar:

        current_weights = self.weights
        if current_weights is None:
            current_weights = [1.0] * len(self.methods)
        elif len(current_weights) != len(self.methods):
            raise ValueError("Weights length must match methods length.")

        total_loss = jnp.array(0.0)

        for method, w in zip(self.methods, current_weights):
            loss = method.compute_loss(result, observations, params, model)
            total_loss = total_loss + (w * loss)

        return total_loss
