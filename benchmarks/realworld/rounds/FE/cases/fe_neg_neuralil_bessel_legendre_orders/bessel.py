# Source: https://github.com/Madsen-s-research-group/neuralil-public-releases/blob/bba5e2cc48c14bd3e8835f329b7e9dae93edb35d/src/neuralil/spherical_bessel/functions.py
# Title: src/neuralil/spherical_bessel/functions.py and src/neuralil/bessel_descriptors.py (orders l <= n_max)
# Cut: kept _j_0/_j_1 and the upward recurrence of create_j_l (the Cai downward branch removed);
#      build_Legendre_polynomials from bessel_descriptors.py appended; docstrings trimmed.
from typing import List

import jax
import jax.numpy as jnp
import numpy as onp
import scipy as sp


def _j_0(r):
    return jnp.sinc(r / jnp.pi)


def _j_1(r):
    return (jnp.sinc(r / jnp.pi) - jnp.cos(r)) / r


def create_j_l_upward(order: int, dtype: onp.dtype = onp.float32):
    if order < 0:
        raise ValueError("the order of the function cannot be negative")
    elif order == 0:
        return _j_0
    elif order == 1:
        return _j_1

    def j_l_upward(r: jnp.ndarray) -> jnp.ndarray:
        """Order-l spherical Bessel function of the first kind with derivative.
        """
        order_0 = _j_0(r)
        order_1 = _j_1(r)
        for i in range(order - 1):
            temp = (2 * i + 3) / r * order_1 - order_0
            order_0, order_1 = order_1, temp
        derivative = order_0 - (order + 1) * order_1 / r
        return (order_1, derivative)

    return jax.jit(lambda r: j_l_upward(r)[0])


def build_Legendre_polynomials(max_l):
    """
    Return a callable that, given cos(theta), computes Pl(cos(theta)), where Pl
    is the l-th Legendre polynomial, for all l <= max_l.
    """
    coeffs = [sp.special.legendre(ell).c for ell in range(max_l + 1)]

    def function(cos_theta: jnp.ndarray) -> List[jnp.ndarray]:
        return jnp.array(
            [jnp.polyval(coeffs[ell], cos_theta) for ell in range(max_l + 1)]
        )

    return function
