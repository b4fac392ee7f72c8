# Source: https://github.com/MariusZeinhofer/Natural-Gradient-PINNs-ICML23/blob/40202250a1cff81a494d906786e28e724738cca6/ngrad/integrators.py
# Title: ngrad/integrators.py (Natural-Gradient-PINNs-ICML23: integration rules over collocation points)
# Cut: kept the imports and EvolutionaryIntegrator only; DeterministicIntegrator and TrapezoidalIntegrator cut
"""
Implementation of integration methods.

"""
import jax.numpy as jnp
from jax import random


class EvolutionaryIntegrator():
    """
    Implementation of an evolutionary integrator following
    the proposed algorithm of Daw et al in "Mitigating Propagation
    Failure in PINNs using Evolutionary Sampling". 

    Parameters
    ----------
    domain
        A domain class. Needs to provide the two methods
        domain.measure() and 
        domain.deterministic_integration_points(<int>).
    key
        A PRNGKey to sample random points.
    N: int = 50
        The number or density of integration points drawn.
        How many points exactly are being used depends on the
        implementation of the concrete domain used.
    K: int or None
        If K is not None then this splits the integration points
        in K chunks that are processed sequentially instead of 
        parallel. Can be used when GPU memory is limited.
    
    """
    def __init__(self, domain, key, N=50, K=None):
        self._domain = domain
        self._N = N
        self._key, subkey = random.split(key)
        self._x = self._domain.random_integration_points(subkey, N)
        self._K = K

        if K is not None:
            splits = [i * len(self._x)//K for i in range(1, K)]
            self.x_split = jnp.split(self._x, splits, axis=0)
        

    def __call__(self, f):
        mean = 0
        if self._K is not None:
            means = []
            for x in self.x_split:
                means.append(jnp.mean(f(x), axis=0))
            
            mean = jnp.mean(jnp.array(means), axis=0)

        else:
            y = f(self._x)
            mean = jnp.mean(y, axis=0)

        return self._domain.measure() * mean

    def update(self, residual):
        # compute fitness from residual
        fitness = jnp.abs(residual(self._x))
        
        # set the threshold
        threshold = jnp.mean(fitness)
        
        # remove non-fit collocation points
        mask = jnp.where(fitness > threshold, False, True)
        x_fit = jnp.delete(self._x, mask, axis=0)
        
        # advance random key
        self._key, subkey = random.split(self._key)

        # add new uniformly drawn collocation points to fill up
        N_fit = len(self._x) - len(x_fit)
        x_add = self._domain.random_integration_points(subkey, N_fit)
        self._x = jnp.concatenate([x_fit, x_add], axis=0)

    def new_rand_points(self):
        # advance random key
        self._key, subkey = random.split(self._key)

        # draw new random points
        self._x = self._domain.random_integration_points(subkey, self._N)

        if self._K is not None:
            splits = [i * len(self._x)//self._K for i in range(1, self._K)]
            self.x_split = jnp.split(self._x, splits, axis=0)
