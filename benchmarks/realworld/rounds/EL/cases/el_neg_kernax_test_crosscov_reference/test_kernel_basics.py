# Source: https://github.com/SimLej18/kernax-ml/blob/18689cefa1faec831fc1e0d38d247a96416146a9/tests/test_kernel_basics.py
# Title: tests/test_kernel_basics.py - SEKernel cross-covariance test
# Cut: kept test_cross_cov_computation; the sample_1d_data fixture (tests/conftest.py) reconstructed with illustrative shapes; allure decorators and the other kernel tests cut
import jax.numpy as jnp
import jax.random as jr
import pytest

from kernax import SEKernel


@pytest.fixture
def sample_1d_data():
	key = jr.PRNGKey(0)
	k1, k2 = jr.split(key)
	return jr.normal(k1, (10, 1)), jr.normal(k2, (8, 1))


class TestSEKernel:
	@pytest.mark.parametrize("length_scale", [0.5, 1.0, 2.0, 5.0])
	def test_cross_cov_computation(self, sample_1d_data, length_scale):
		kernel = SEKernel(length_scale=length_scale)
		x1, x2 = sample_1d_data
		result = kernel(x1, x2)
		assert result.shape == (x1.shape[0], x2.shape[0])
		assert jnp.all(jnp.isfinite(result))
		for i in range(x1.shape[0]):
			for j in range(x2.shape[0]):
				assert result[i, j] == kernel(x1[i], x2[j])
