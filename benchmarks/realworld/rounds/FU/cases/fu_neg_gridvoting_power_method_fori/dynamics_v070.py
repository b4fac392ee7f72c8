# Source: https://github.com/DrPaulBrewer/gridvoting-jax/blob/0400099fef71ab90ba66f18e32292d86dc93a7b8/src/gridvoting_jax/dynamics.py
# Title: src/gridvoting_jax/dynamics.py (the power method before "Replaced Python loops with JAX lax.fori_loop", v0.7.1)
# Cut: MarkovChain reduced to __init__, evolve and _solve_power_method; other solvers and the VotingModel cut.
import time
from warnings import warn

import jax
import jax.numpy as jnp


class MarkovChain:
    def __init__(self, *, P, tolerance=1e-10):
        self.P = jnp.asarray(P)
        self.tolerance = tolerance

    def evolve(self, x):
        """ evolve the probability vector x_t one step in the Markov Chain by returning x*P. """
        return jnp.dot(x,self.P)


    def _solve_power_method(self, tolerance, max_iterations, initial_guess=None, timeout=10.0):
        """
        Power method for finding stationary distribution.
        
        Modes:
        1. Single-Start Refinement: Uses initial_guess.
        2. Dual-Start Entropy: Uses Max/Min entropy rows as starts.
        
        Args:
            timeout: Max execution time in seconds.
        """
        import time
        n = self.P.shape[0]
        start_time = time.time()
        
        # Adaptive batching for time checks
        check_interval = 10
        next_check = check_interval
        
        if initial_guess is not None:
            # Mode 1: Refine existing guess
            v = initial_guess
            for i in range(max_iterations):
                v_next = self.evolve(v)
                diff = jnp.linalg.norm(v_next - v, ord=1)
                if diff < tolerance:
                    return v_next
                v = v_next
                
                # Check timeout
                if i >= next_check:
                    if (time.time() - start_time) > timeout:
                        warn(f"Power method timed out after {timeout}s (iter {i}). Check norm: {diff}")
                        return v
                    # Adaptive: Increase interval if we are safe
                    if check_interval < 1000:
                        check_interval *= 2
                    next_check = i + check_interval
                    
            warn(f"Power method (Single-Start) did not converge in {max_iterations} iterations. Final diff: {diff}")
            return v
            
        else:
            # Mode 2: Dual-Start Entropy
            # Calculate entropy of each row of P to find diverse starting points
            # Entropy of a row P[i]: H(i) = - sum(P[i,j] * log2(P[i,j]))
            # Avoid log(0) with mask or adding epsilon
            P_safe = jnp.where(self.P > 0, self.P, 1.0) # log(1)=0, so 0 contributions are 0
            row_entropy = -jnp.sum(self.P * jnp.log2(P_safe), axis=1)
            
            # Start 1: Max entropy (most uncertain transition)
            idx_max = jnp.argmax(row_entropy)
            v1 = jnp.zeros(n).at[idx_max].set(1.0)
            
            # Start 2: Min entropy (most deterministic transition)
            idx_min = jnp.argmin(row_entropy)
            v2 = jnp.zeros(n).at[idx_min].set(1.0)
            
            # Evolve both
            for i in range(max_iterations):
                v1 = self.evolve(v1)
                v2 = self.evolve(v2)
                
                # Check if they have converged TO EACH OTHER
                # If they meet, the chain has forgotten initial conditions (ergodic)
                diff = jnp.linalg.norm(v1 - v2, ord=1)
                if diff < tolerance:
                    return (v1 + v2) / 2.0
                
                # Check timeout
                if i >= next_check:
                    if (time.time() - start_time) > timeout:
                        warn(f"Power method timed out after {timeout}s (iter {i}). Diff between starts: {diff}")
                        return (v1 + v2) / 2.0
                    # Adaptive: Increase interval
                    if check_interval < 1000:
                        check_interval *= 2
                    next_check = i + check_interval
            
            warn(f"Power method (Dual-Start) did not converge by {max_iterations}. Final diff between chains: {diff}")
            return (v1 + v2) / 2.0

