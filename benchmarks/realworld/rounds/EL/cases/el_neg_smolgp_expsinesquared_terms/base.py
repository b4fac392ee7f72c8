# Source: https://github.com/smolgp-dev/smolgp/blob/fc05bd8f1d4d864ff447e3b77bfa5bdea8162a2b/src/smolgp/kernels/base.py
# Title: src/smolgp/kernels/base.py (smolgp: ExpSineSquared kernel as a sum of periodic terms)
# Cut: kept ExpSineSquared.__init__ (order selection and the loop summing PeriodicTerm kernels) and error_bound; PeriodicTerm body and other kernels cut
import warnings

import equinox as eqx
import jax
import jax.numpy as jnp


class ExpSineSquared(eqx.Module):
    period: jax.Array
    gamma: jax.Array
    sigma: jax.Array
    scale: jax.Array
    omega: jax.Array
    order: int
    kernel: object

    def __init__(self, period, gamma=None, sigma=None, order=None):
        if gamma is None:
            gamma = jnp.ones(())
        if sigma is None:
            sigma = jnp.ones(())
        self.period = period  # P
        self.gamma = gamma  # \Gamma
        self.sigma = sigma  # \sigma
        self.scale = 2 / self.gamma  # \ell^2 in Solin & Sarkka (2014)
        self.omega = 2 * jnp.pi / self.period  # \omega_0 in Solin & Sarkka (2014)
        ell = jnp.sqrt(self.scale)
        if order is None:
            if ell >= 1:
                self.order = 4
            elif ell >= 0.5:
                self.order = 6
            elif ell >= 0.25:
                self.order = 8
            else:
                self.order = 16
                warnings.warn(
                    "ExpSineSquared kernel with scale < 0.25 (gamma > 16) may require a high order approximation"
                )
        else:
            self.order = order

        # Construct the kernel as a sum of PeriodicTerms
        kernel = self.PeriodicTerm(0, self.omega, self.scale)
        for j in range(1, self.order):
            kernel += self.PeriodicTerm(j, self.omega, self.scale)
        self.kernel = kernel

    def error_bound(self):
        J = self.order
        return jnp.exp(1 - self.scale) / jax.scipy.special.factorial(J + 1)

    def stationary_covariance(self):
        return jnp.square(self.sigma) * self.kernel.stationary_covariance()
