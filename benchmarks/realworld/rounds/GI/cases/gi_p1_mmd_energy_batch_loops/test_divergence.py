# Source: https://github.com/avitai/artifex/blob/5fce040acb8e3089a999a1f5a63bf4c1503efbb1/tests/artifex/generative_models/core/losses/test_divergence.py
# Title: tests/artifex/generative_models/core/losses/test_divergence.py (jit and grad of the sample-based losses)
# Cut: two tests kept out of the class, imports point at this case's divergence.py.
import jax
import jax.numpy as jnp
import pytest

from divergence import energy_distance, maximum_mean_discrepancy


class TestDivergenceTransforms:
    @pytest.mark.parametrize("kernel_type", ["rbf", "linear", "polynomial"])
    def test_mmd_kernels_are_jittable_and_differentiable(self, kernel_type):
        """MMD kernels used as losses should compile and expose finite sample gradients."""
        predictions = jnp.array([[[0.0, 0.1], [1.0, 0.2]], [[2.0, 1.0], [3.0, 0.5]]])
        targets = predictions + 1.0

        def loss_fn(samples):
            return maximum_mean_discrepancy(
                samples,
                targets,
                kernel_type=kernel_type,
                kernel_bandwidth=1.5,
            )

        compiled_value = jax.jit(loss_fn)(predictions)
        gradients = jax.grad(loss_fn)(predictions)

        assert compiled_value.shape == ()
        assert jnp.isfinite(compiled_value)
        assert jnp.isfinite(gradients).all()

    def test_energy_distance_is_jittable_and_differentiable(self):
        """Energy distance should compile and keep finite gradients at self-pair distances."""
        predictions = jnp.array([[[0.0, 0.1], [1.0, 0.2]], [[2.0, 1.0], [3.0, 0.5]]])
        targets = predictions + 0.25

        def loss_fn(samples):
            return energy_distance(samples, targets, beta=1.5)

        compiled_value = jax.jit(loss_fn)(predictions)
        gradients = jax.grad(loss_fn)(predictions)

        assert compiled_value.shape == ()
        assert jnp.isfinite(compiled_value)
        assert jnp.isfinite(gradients).all()
