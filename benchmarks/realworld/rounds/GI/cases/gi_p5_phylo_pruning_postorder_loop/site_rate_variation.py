# Source: https://github.com/christiaanjs/phylojax/blob/fe4bc3c6d0abacda18684d3578dce3c255034133/phylojax/site_rate_variation.py
# Title: phylojax/site_rate_variation.py (discrete Gamma rates through TFP's JAX substrate)
# Cut: Weibull variant removed.
import jax.numpy as np
from tensorflow_probability.substrates import jax as tfp_jax


def get_quantile_probabilities(category_count, dtype=np.float64):
    return (2 * np.arange(category_count, dtype=dtype) + 1) / (2 * category_count)


def get_equal_weights(category_count, dtype=np.float64):
    return np.ones(category_count, dtype=dtype) / category_count


def get_discrete_gamma_weights_rates(category_count, site_gamma_shape):
    site_gamma_shape = np.array(site_gamma_shape)
    probs = get_quantile_probabilities(category_count, dtype=site_gamma_shape.dtype)
    dist = tfp_jax.distributions.Gamma(site_gamma_shape, site_gamma_shape)
    rates = dist.quantile(probs)
    weights = get_equal_weights(category_count, dtype=site_gamma_shape.dtype)
    return weights, rates
