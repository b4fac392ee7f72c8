# Source: https://github.com/flaviovdf/copulae/blob/dd519e69e3a9d27f29414762650257a42d33d2d0/copulae/kde.py
# Title: copulae, copulae/kde.py ("1-D Gaussian Kernel Density Estimators", after jaxkern)
# Cut: docstrings shortened to one line; the Tensor alias replaced.


Tensor = object


import jax
import jax.numpy as jnp


@jax.jit
def scotts_method(n: int, d: int) -> Tensor:
    """Bandwidth estimator based on number of data points (n)"""
    return jnp.power(n, -1.0 / (d + 4))


@jax.jit
def silvermans_method(n: int, d: int) -> Tensor:
    """Bandwidth estimator based on number of data points (n)"""
    return jnp.power(n * (d + 2.0) / 4.0, -1.0 / (d + 4))


@jax.jit
def kde_pdf(
    x: Tensor,
    bandwidth: float
) -> Tensor:
    """Computes a Gaussian KDE estimate of the probability"""
    # distances (use broadcasting)
    rescaled_x = (x - x[:, jnp.newaxis]) / bandwidth

    # compute the gaussian kernel
    kernel = jnp.exp(- 0.5 * rescaled_x ** 2)
    kernel /= jnp.sqrt(2 * jnp.pi)

    # rescale
    return kernel.sum(axis=0) / x.shape[0] / bandwidth


@jax.jit
def kde_cdf(
    x: Tensor,
    bandwidth: float
) -> Tensor:
    """Computes a Gaussian KDE estimate of the cumulative"""

    n_samples = x.shape[0]

    # normalize samples
    low = (-jnp.inf - x[:, jnp.newaxis]) / bandwidth
    x = (x - x[:, jnp.newaxis]) / bandwidth

    # evaluate integral
    integral = jax.scipy.special.ndtr(x)
    integral -= jax.scipy.special.ndtr(low)

    # normalize distribution
    x_cdf = integral.sum(axis=0) / n_samples
    return x_cdf

