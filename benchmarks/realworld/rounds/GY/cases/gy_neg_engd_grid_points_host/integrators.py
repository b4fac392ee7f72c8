# Source: https://github.com/MariusZeinhofer/Natural-Gradient-PINNs-ICML23/blob/40202250a1cff81a494d906786e28e724738cca6/ngrad/integrators.py
# Title: ngrad/integrators.py (Natural-Gradient-PINNs-ICML23: integration rules over collocation points)
# Cut: kept DeterministicIntegrator.__init__/__call__ without the chunked (K) branch (the else-branch body is dedented), to show that the grid is built once at construction
"""
Implementation of integration methods.

"""
import jax.numpy as jnp
from jax import random


class DeterministicIntegrator():
    def __init__(self, domain, N=50, K=None):
        self._domain = domain
        self._x = domain.deterministic_integration_points(N)

    def __call__(self, f):
        mean = 0
        y = f(self._x)
        mean = jnp.mean(y, axis=0)

        return self._domain.measure() * mean
