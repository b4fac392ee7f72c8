# Source: https://github.com/MariusZeinhofer/Natural-Gradient-PINNs-ICML23/blob/40202250a1cff81a494d906786e28e724738cca6/ngrad/domains.py
# Title: ngrad/domains.py (Natural-Gradient-PINNs-ICML23: computational domains)
# Cut: kept Hyperrectangle and Square (grid construction of the integration points); the boundary domains are cut
"""
Implementation of the compuational domains.

"""
import jax.numpy as jnp
from jax import random
import math

class Hyperrectangle():
    """
    A product of intervals in R^d.
    
    The hyperrectangle is specified as a product of intervals.
    For example 
    
    intervals = [[0., 1.], [0., 1.], [0., 1.]] 
    
    is the unit cube in R^3. The assumption is that intervals
    is convertable to a jnp.array of shape (d, 2).

    Note that no method for deterministic integration points is 
    provided in this class. The Hyperrectangle is potentially a high
    dimensional object. Deterministic integration can be found
    in child classes.

    Parameters
    ----------
    intervals
        An iterable of intervals, see example above.

    """
    def __init__(self, intervals):
        
        self._intervals = jnp.array(intervals)
        
        # in case of an interval [a, b] we fix shapes 
        if len(jnp.shape(self._intervals)) == 1:
            self._intervals = jnp.reshape(self._intervals, (1, -1))

        self._l_bounds = self._intervals[:,0]
        self._r_bounds = self._intervals[:,1]
        
        if len(self._l_bounds) != len(self._r_bounds):
            raise ValueError(f'[In constructor of Hyperrectangle]: intervals '
                    f'is not convertable to an array of shape (d, 2).')

        if not jnp.all(self._l_bounds < self._r_bounds):
            raise ValueError(f'[In constructor of Hyperrectangle]: The '
                    f'lower bounds must be smaller than the upper bounds.')

        self._dimension = len(self._l_bounds)


    def measure(self) -> float:
        return jnp.prod(self._r_bounds - self._l_bounds)

    
    def random_integration_points(self, key, N=50):
        """
        N uniformly drawn collocation points in the hyperrectangle.
        
        Parameters
        ----------
        key
            A random key from jax.random.PRNGKey(<int>).
        N=50: int
            Number of random points.

        """
        return random.uniform(
            key, 
            shape = (N, self._dimension), 
            minval = jnp.broadcast_to(
                self._l_bounds, 
                shape=(N, self._dimension),
                ), 
            maxval = jnp.broadcast_to(
                self._r_bounds, 
                shape=(N, self._dimension),
                ),
        )

class Square(Hyperrectangle):
    """
    A square of the form [0, a]^2.

    Parameters
    ----------
    a: float
        The side length.
    
    """
    def __init__(self, a):
        if a <= 0.:
            raise ValueError(
                "[Constructor Square:] Side-length must be positive."
            )
        self._a = a
        super().__init__([[0., a], [0., a]])

    def deterministic_integration_points(self, N: int):
        """
        Grid based integration points.

        Parameters
        ----------
        N: int
            N is the number of integration points in [0,1] meaning
            that in [0,1]^2 there are N^2 integration points.
        
        """
        squareList = []
        a = self._a
        M = max(math.ceil(a) * N, 2)
        for i in range(1, M-1):
            x = a/(M - 1) * i
            for j in range(1,M-1):
                y = a/(M - 1) * j
                squareList.append([x,y])
    
        if not squareList:
            raise Exception("Too few points to resolve the square.")
        
        # of shape (n,2)
        return jnp.asarray(squareList)
