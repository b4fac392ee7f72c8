# Source: https://github.com/hudsonchen/conditional_bayesian_quadrature/blob/9cf901971b9c6f25f4b99401ebbdb73555fcacf5/kernels.py
# Title: kernels.py (conditional Bayesian quadrature kernels)
# Cut: kept my_Matern and the first lines of kme_Matern_Gaussian; the rest of the closed-form embedding is reduced to its first term.
import jax
import jax.numpy as jnp
from tensorflow_probability.substrates import jax as tfp


@jax.jit
def my_Matern(x, y, l):
    """
    Matern kernel.
        x: (N, D)
        y: (M, D)
    """
    kernel = tfp.math.psd_kernels.MaternThreeHalves(amplitude=1., length_scale=l)
    K = kernel.matrix(x, y)
    return K


@jax.jit
def kme_Matern_Gaussian(l, y):
    """
    The implementation of the kernel mean embedding of the Matern kernel with Gaussian distribution
    Only in one dimension, and the Gaussian distribution is N(0, 1)
    """
    E10 = 1 - jnp.sqrt(3) * y / l
    E11 = jnp.sqrt(3) / l
    muA = -jnp.sqrt(3) / l
    return E10 + E11 * muA
