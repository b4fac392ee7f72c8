# Source: https://github.com/avitai/DiffBio/blob/f366033b493d8738672782391495af067ba348c9/tests/operators/singlecell/test_sindy_grn.py
# Title: tests/operators/singlecell/test_sindy_grn.py
# Cut: kept the differentiability test (fixture inlined); the original uses polynomial_degree=1 there and degree 2 in test_degree_2_library, merged here.
import jax
import jax.numpy as jnp
from flax import nnx

from sindy_grn import SINDyGRNConfig, SINDyGRNOperator


def test_differentiable():
    simple_counts = jax.random.uniform(jax.random.key(0), (50, 5))
    config = SINDyGRNConfig(n_genes=5, polynomial_degree=2)
    op = SINDyGRNOperator(config, rngs=nnx.Rngs(0))

    def loss_fn(counts):
        result, _, _ = op.apply({"counts": counts}, {}, None)
        return jnp.sum(result["grn_coefficients"] ** 2)

    grads = jax.grad(loss_fn)(simple_counts)
    assert grads.shape == simple_counts.shape
    assert jnp.all(jnp.isfinite(grads))
