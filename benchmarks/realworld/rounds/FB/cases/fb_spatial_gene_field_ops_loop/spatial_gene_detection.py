# Source: https://github.com/avitai/DiffBio/blob/f366033b493d8738672782391495af067ba348c9/src/diffbio/operators/multiomics/spatial_gene_detection.py
# Title: src/diffbio/operators/multiomics/spatial_gene_detection.py (differentiable spatially variable gene detection)
# Cut: kept the config, apply and _compute_spatial_field_ops; the kernel/GP smoothing methods are reduced to one-line stand-ins.
from dataclasses import dataclass, field
from typing import Any

import jax.numpy as jnp
from datarax.core.config import OperatorConfig
from flax import nnx
from jaxtyping import Array, Float

from diffbio.core.base_operators import TemperatureOperator


@dataclass(frozen=True)
class SpatialGeneDetectorConfig(OperatorConfig):
    n_genes: int = 2000
    lengthscale: float = 1.0
    variance: float = 1.0
    noise_variance: float = 0.1
    n_inducing_points: int = 100
    hidden_dims: list[int] = field(default_factory=lambda: [64, 32])
    temperature: float = 1.0
    pvalue_threshold: float = 0.05
    learnable_kernel: bool = True
    compute_field_ops: bool = False


class DifferentiableSpatialGeneDetector(TemperatureOperator):
    def _smooth_expression(self, coords, expression):
        deviation = self.smoothing_out(expression)
        return jnp.mean(expression, axis=0, keepdims=True) + deviation

    def compute_spatial_variance(self, coords, expression):
        var = jnp.var(expression, axis=0)
        return var, var / (var + self.config.noise_variance)

    def compute_pvalues(self, fsv, n_spots):
        return nnx.sigmoid(-fsv * n_spots + 2.0)

    def apply(self, data: dict[str, Array], state: dict[str, Any], metadata: dict[str, Any] | None,
              random_params: Any = None, stats: dict[str, Any] | None = None):
        coords = data["spatial_coords"]
        expression = data["expression"]
        n_spots = coords.shape[0]

        if "total_counts" in data:
            total_counts = data["total_counts"]
            expression_norm = expression / (total_counts[:, None] + 1e-6)
            expression_norm = expression_norm * jnp.median(total_counts)
        else:
            expression_norm = expression

        smoothed = self._smooth_expression(coords, expression_norm)
        spatial_variance, fsv = self.compute_spatial_variance(coords, expression_norm)
        pvalues = self.compute_pvalues(fsv, n_spots)
        is_spatial = nnx.sigmoid((self.config.pvalue_threshold - pvalues) / self._temperature)

        output_data = {
            **data,
            "spatial_variance": spatial_variance,
            "fsv": fsv,
            "spatial_pvalues": pvalues,
            "is_spatial": is_spatial,
            "smoothed_expression": smoothed,
        }

        # Optionally compute spatial field operations (gradient, laplacian)
        if self.config.compute_field_ops:
            field_ops = _compute_spatial_field_ops(coords, smoothed)
            output_data.update(field_ops)

        return output_data, state, metadata


def _compute_spatial_field_ops(
    coords: Float[Array, "n_spots 2"],
    smoothed: Float[Array, "n_spots n_genes"],
) -> dict[str, Array]:
    """Compute spatial gradient and Laplacian of smoothed expression, per gene."""
    from opifex.core.physics import compute_gradient, compute_laplacian  # noqa: PLC0415

    n_genes = smoothed.shape[1]
    gradient_magnitudes = []
    laplacian_means = []

    for gene_idx in range(n_genes):
        gene_expr = smoothed[:, gene_idx]

        # Build a scalar function f(x) -> expression at nearest point
        # Use RBF interpolation as a differentiable field
        def _gene_field(x: Array, _expr: Array = gene_expr, _coords: Array = coords) -> Array:
            dists = jnp.sum((x - _coords) ** 2, axis=-1)
            weights = jnp.exp(-dists / 2.0)
            weights = weights / (jnp.sum(weights, axis=-1, keepdims=True) + 1e-8)
            return jnp.sum(weights * _expr, axis=-1)

        # Compute gradient magnitude at each spot
        grads = compute_gradient(_gene_field, coords)  # (n_spots, 2)
        grad_mag = jnp.mean(jnp.sqrt(jnp.sum(grads**2, axis=-1) + 1e-8))
        gradient_magnitudes.append(grad_mag)

        # Compute Laplacian at each spot
        lap = compute_laplacian(_gene_field, coords)  # (n_spots,)
        laplacian_means.append(jnp.mean(jnp.abs(lap)))

    return {
        "expression_gradient": jnp.stack(gradient_magnitudes),
        "expression_laplacian": jnp.stack(laplacian_means),
    }
