# Source: https://github.com/smolgp-dev/smolgp/blob/fc05bd8f1d4d864ff447e3b77bfa5bdea8162a2b/src/smolgp/kernels/base.py
# Title: src/smolgp/kernels/base.py (smolgp: state-space Matern kernel)
# Cut: kept StateSpaceModel.transition_matrix and Matern.design_matrix / dimension; other kernels, docstrings and the noise/observation models were cut
from math import factorial

import equinox as eqx
import jax
import jax.numpy as jnp


class StateSpaceModel(eqx.Module):
    def transition_matrix(self, X1, X2):
        F = self.design_matrix()
        return jax.scipy.linalg.expm(F * (X2 - X1))


class Matern(StateSpaceModel):
    nu: float
    scale: jax.Array
    sigma: jax.Array
    lam: jax.Array

    def __init__(self, scale, nu=1.5, sigma=None):
        assert jnp.isclose(nu % 1, 0.5), (
            "nu must be a half-integer (e.g., 1/2, 3/2, 5/2, etc.)"
        )
        if sigma is None:
            sigma = jnp.ones(())
        self.nu = nu
        self.scale = scale
        self.sigma = sigma
        self.lam = jnp.sqrt(2 * self.nu) / self.scale

    @property
    def dimension(self) -> int:
        """The dimension of the state space for the Matern process"""
        return int(self.nu + 0.5)

    def design_matrix(self):
        """The design (also called the feedback) matrix for the Matern process, F"""
        d = self.dimension
        F = jnp.zeros((d, d))
        for i in range(d - 1):
            F = F.at[i, i + 1].set(1)
        for i in range(d):
            ai = factorial(d) / (factorial(i) * factorial(d - i))
            F = F.at[d - 1, i].set(-ai * jnp.power(self.lam, d - i))
        return F
