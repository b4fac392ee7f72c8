# Source: https://github.com/avitai/DiffBio/blob/f366033b493d8738672782391495af067ba348c9/tests/operators/test_spatial_gene_detection.py
# Title: tests/operators/test_spatial_gene_detection.py
# Cut: kept TestSpatialGeneDetectorJIT.test_jit_compilation; compute_field_ops=True is added here (the option exists in the config, no test of that commit turns it on).
import jax
import jax.numpy as jnp
from flax import nnx

from spatial_gene_detection import DifferentiableSpatialGeneDetector, SpatialGeneDetectorConfig


def test_jit_compilation():
    config = SpatialGeneDetectorConfig(n_genes=50, n_inducing_points=10, hidden_dims=[16], compute_field_ops=True)
    detector = DifferentiableSpatialGeneDetector(config, rngs=nnx.Rngs(42))

    n_spots = 30
    n_genes = 50
    key = jax.random.key(0)
    k1, k2 = jax.random.split(key)
    data = {
        "spatial_coords": jax.random.uniform(k1, (n_spots, 2), minval=0, maxval=10),
        "expression": jax.random.poisson(k2, lam=10.0, shape=(n_spots, n_genes)).astype(jnp.float32),
        "total_counts": jnp.ones(n_spots) * n_genes * 10,
    }

    @jax.jit
    def forward(model, data):
        result, _, _ = model.apply(data, {}, None)
        return result["spatial_variance"]

    result = forward(detector, data)
    assert result.shape == (n_genes,)
