# Source: https://github.com/DrPaulBrewer/gridvoting-jax/blob/f84671ea1135802d74e6cfa6c5daa4bbb19c8598/src/gridvoting_jax/dynamics/markov.py
# Title: src/gridvoting_jax/dynamics/markov.py (stationary distribution of the voting Markov chain)
# Cut: MarkovChain reduced to __init__, evolve and the single-start power method (with its fori_loop
#      batches and host-side convergence/timeout checks); other solvers, lumping and the dual-start branch cut.
import time
from warnings import warn

import jax
import jax.lax
import jax.numpy as jnp


class MarkovChain:
    def __init__(self, *, P, tolerance=1e-10):
        self.P = jnp.asarray(P)
        self.tolerance = tolerance

    def evolve(self, x):
        """ evolve the probability vector x_t one step in the Markov Chain by returning x*P. """
        return jnp.dot(x,self.P)


    def power_method(self, *, tolerance=1e-10, max_iterations=2000, initial_guess=None, timeout=30.0):
        import time
        n = self.P.shape[0]
        start_time = time.time()
        
        # Use uniform initial guess if not provided (matches lazy behavior)
        if initial_guess is None:
            v = jnp.ones(n) / n
        else:
            v = initial_guess / jnp.sum(initial_guess)  # Normalize
        
        # Adaptive batching for time checks
        check_interval = 10
        next_check = check_interval
        
        i = 0
        while i < max_iterations:
            # Evolve until next check using JAX compiled loop
            batch_end = min(next_check, max_iterations)
            batch_size = batch_end - i
            
            # Use lax.fori_loop for compiled batched evolution
            def evolve_step(_, carry):
                vec, P = carry
                return (jnp.dot(vec, P), P)
            v, _ = jax.lax.fori_loop(0, batch_size, evolve_step, (v, self.P))
            i = batch_end
            
            # Check convergence
            diff = jnp.linalg.norm(self.evolve(v) - v, ord=1)
            if diff < tolerance:
                return v
            
            # Check timeout
            if (time.time() - start_time) > timeout:
                warn(f"Power method timed out after {timeout}s (iter {i}). Check norm: {diff}")
                return v
            
            # Adaptive: Increase interval
            if check_interval < 1000:
                check_interval *= 2
            next_check = i + check_interval
        
        # Final check
        diff = jnp.linalg.norm(self.evolve(v) - v, ord=1)
        warn(f"Power method did not converge in {max_iterations} iterations. Final diff: {diff}")
        return v
