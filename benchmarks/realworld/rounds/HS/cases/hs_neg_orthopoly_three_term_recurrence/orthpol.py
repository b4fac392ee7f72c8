# Source: https://github.com/PredictiveScienceLab/orthojax/blob/74ae7b50fd9de040bc55c584916e86634c717a49/orthojax/orthpol.py
# Title: orthojax/orthpol.py (orthogonal polynomials for polynomial chaos)
# Cut: kept imports, the OrthogonalPolynomial module (jitted, vmapped evaluation) and the make_* constructors; fejer/lancz dropped
from collections import namedtuple

import numpy as np
import math

import jax.numpy as jnp
import jax
from jax import value_and_grad, vmap, jit
from jax import lax

from functools import partial

import equinox as eqx

# ...


class OrthogonalPolynomial(eqx.Module):

    alpha: jax.Array
    beta: jax.Array
    gamma: jax.Array
    quad: QuadratureRule

    @property
    def num_basis(self):
        return self.alpha.shape[0]

    @property
    def degree(self):
        return self.alpha.shape[0] - 1
    
    @property
    def num_terms(self):
        return self.alpha.shape[0]

    def __init__(self, alpha, beta, gamma, quad):
        self.alpha = jnp.array(alpha)
        self.beta = jnp.array(beta)
        self.gamma = jnp.array(gamma)
        self.quad = quad

    @eqx.filter_jit
    @partial(vmap, in_axes=(None, 0))
    def __call__(self, xi):
        return self.eval(xi)
    
    @eqx.filter_jit
    def eval(self, xi):
        p = self.alpha.shape[0]
        phi0 = 1. / self.gamma[0]
        phis = [phi0]
        if p >= 1:
            phi1 = (xi - self.alpha[0]) * (phi0 / self.gamma[1])
            phis.append(phi1)
        for i in range(2, p):
            phis.append(((xi - self.alpha[i - 1]) * phis[i - 1] - self.beta[i - 1] * phis[i - 2]) / self.gamma[i])
        return jnp.array(phis).T
    
    def normalize(self):
        beta = np.copy(self.beta)
        gamma = np.copy(self.gamma)
        p = beta.shape[0]
        beta[0] = np.sqrt(beta[0])
        gamma[0] = beta[0]
        for i in range(p):
            beta[i] = np.sqrt(beta[i] * gamma[i])
            gamma[i] = beta[i]
        return OrthogonalPolynomial(self.alpha, beta, gamma, self.quad)

# ...
def make_orthogonal_polynomial(degree, left=0.0, right=1.0, wf=lambda xi: 1.0, ncap=100):
    """Make an orthogonal polynomial of degree degree."""
    quadrature_rule = make_quadrature(ncap, left, right, wf)
    return lancz(degree + 1, quadrature_rule).normalize()


def make_legendre_polynomial(degree, ncap=100):
    """Make a Legendre polynomial of degree degree."""
    return make_orthogonal_polynomial(degree, left=-1.0, right=1.0, wf=lambda t: 0.5, ncap=ncap)


def make_hermite_polynomial(degree, ncap=100):
    """Make a Hermite polynomial of degree degree."""
    return make_orthogonal_polynomial(degree, left=-math.inf, right=math.inf, 
                                      wf=lambda t: np.exp(-t * t / 2.0) / np.sqrt(2.0 * np.pi), ncap=ncap)
