# Source: https://github.com/bayesianempirimancer/jaxcfm/blob/e3101a700545e8c30deb47ba450ed315db40669e/jaxcfm/optimal_transport.py
# Title: jaxcfm/optimal_transport.py -- JAXCFM, a JAX reimplementation of TorchCFM (atong01/conditional-flow-matching)
# Cut: kept sinkhorn, sinkhorn_unbalanced (docstrings shortened) and OTPlanSampler.__init__/get_map;
#      exact EMD, partial OT and the samplers dropped.
import math
from functools import partial
from typing import Optional, Union

import jax
import jax.numpy as jnp
from jax import random

def sinkhorn(a, b, M, reg=0.05, num_iter_max=1000, stop_threshold=1e-6):
    """Pure JAX implementation of the Sinkhorn algorithm for optimal transport."""
    # Normalize marginals
    a = a / a.sum()
    b = b / b.sum()
    
    # Initialize
    u = jnp.ones_like(a) / a.shape[0]
    v = jnp.ones_like(b) / b.shape[0]
    
    # Compute K = exp(-M / reg)
    K = jnp.exp(-M / reg)
    
    def sinkhorn_iteration(carry):
        i, u, v, u_prev = carry
        # Update u
        Kv = K @ v
        u_new = a / (Kv + 1e-16)
        # Update v
        KTu = K.T @ u_new
        v_new = b / (KTu + 1e-16)
        return (i + 1, u_new, v_new, u)
    
    def sinkhorn_cond(carry):
        i, u, v, u_prev = carry
        # Check convergence: continue if not converged and not exceeded max iterations
        u_change = jnp.max(jnp.abs(u - u_prev) / (jnp.abs(u_prev) + 1e-16))
        not_converged = u_change >= stop_threshold
        not_maxed = i < num_iter_max
        return not_maxed & not_converged
    
    # Initialize
    u = jnp.ones_like(a) / a.shape[0]
    v = jnp.ones_like(b) / b.shape[0]
    # Initialize u_prev to a large value to ensure first iteration runs
    u_prev = u * 2.0  # This ensures u_change will be large initially
    
    # Run Sinkhorn iterations
    _, u, v, _ = jax.lax.while_loop(sinkhorn_cond, sinkhorn_iteration, (0, u, v, u_prev))
    
    # Compute transport plan: gamma = diag(u) @ K @ diag(v)
    # This automatically satisfies the marginal constraints through the Sinkhorn iterations
    gamma = jnp.diag(u) @ K @ jnp.diag(v)
    
    return gamma


def sinkhorn_unbalanced(a, b, M, reg=0.05, reg_m=1.0, num_iter_max=1000, stop_threshold=1e-6):
    """Pure JAX implementation of unbalanced Sinkhorn algorithm."""
    
    # Compute K = exp(-M / reg)
    K = jnp.exp(-M / reg)
    
    # Compute tau for unbalanced case
    tau_a = reg_m / (reg_m + reg)
    tau_b = reg_m / (reg_m + reg)
    
    def sinkhorn_unbalanced_iteration(carry):
        i, u, v, u_prev = carry
        # Update u
        Kv = K @ v
        u_new = (a / (Kv + 1e-16)) ** tau_a
        # Update v
        KTu = K.T @ u_new
        v_new = (b / (KTu + 1e-16)) ** tau_b
        return (i + 1, u_new, v_new, u)
    
    def sinkhorn_unbalanced_cond(carry):
        i, u, v, u_prev = carry
        # Check convergence: continue if not converged and not exceeded max iterations
        u_change = jnp.max(jnp.abs(u - u_prev) / (jnp.abs(u_prev) + 1e-16))
        not_converged = u_change >= stop_threshold
        not_maxed = i < num_iter_max
        return not_maxed & not_converged
    
    # Initialize u_prev to ensure first iteration runs
    u_prev = u * 2.0
    
    # Run Sinkhorn iterations
    _, u, v, _ = jax.lax.while_loop(sinkhorn_unbalanced_cond, sinkhorn_unbalanced_iteration, (0, u, v, u_prev))
    
    # Compute transport plan
    gamma = jnp.diag(u) @ K @ jnp.diag(v)
    return gamma

class OTPlanSampler:
    """OTPlanSampler implements sampling coordinates according to an OT plan (wrt squared Euclidean
    cost) with different implementations of the plan calculation."""

    def __init__(
        self,
        method: str,
        reg: float = 0.05,
        reg_m: float = 1.0,
        normalize_cost: bool = False,
        num_threads: Union[int, str] = 1,
        warn: bool = True,
    ) -> None:
        """Initialize the OTPlanSampler class."""
        self.method = method
        self.reg = reg
        self.reg_m = reg_m
        self.normalize_cost = normalize_cost
        self.warn = warn
        
        # Use pure JAX implementations for all methods
        if method == "sinkhorn":
            self.ot_fn = partial(sinkhorn, reg=reg)
        elif method == "unbalanced":
            self.ot_fn = partial(sinkhorn_unbalanced, reg=reg, reg_m=reg_m)
        else:
            raise ValueError(f"Unknown method: {method}")

    def get_map(self, x0, x1):
        """Compute the OT plan (wrt squared Euclidean cost) between a source and a target minibatch."""
        # Use JIT-compiled version for better performance
        # Create a JIT-compiled function on first call if not already created
        if not hasattr(self, '_get_map_jit_fn'):
            # Create JIT-compiled version with the current ot_fn bound
            def _get_map_jit_impl(x0, x1, normalize_cost):
                a = jnp.ones(x0.shape[0]) / x0.shape[0]  # Uniform distribution
                b = jnp.ones(x1.shape[0]) / x1.shape[0]  # Uniform distribution
                
                if x0.ndim > 2:
                    x0 = x0.reshape(x0.shape[0], -1)
                if x1.ndim > 2:
                    x1 = x1.reshape(x1.shape[0], -1)
                
                # Compute cost matrix with JAX
                M = jnp.sum((x0[:, None, :] - x1[None, :, :]) ** 2, axis=2)
                if normalize_cost:
                    M = M / M.max()  # should not be normalized when using minibatches
                
                # Use pure JAX implementation (ot_fn is captured from closure)
                p = self.ot_fn(a, b, M)
                
                # For exact OT, the plan might have numerical issues with very small regularization
                # Check if the plan is valid (not all zeros or NaNs)
                p_sum = p.sum()
                is_finite = jnp.all(jnp.isfinite(p))
                is_valid = (p_sum >= 1e-8) & is_finite
                
                # Use jax.lax.cond for conditional logic that's JIT-compatible
                def use_plan(p, p_sum):
                    # Normalize the plan (needed for exact OT)
                    return p / p_sum
                
                def use_uniform(p, p_sum):
                    return jnp.ones_like(p) / p.size
                
                # Conditionally use the plan or uniform fallback
                p = jax.lax.cond(is_valid, use_plan, use_uniform, p, p_sum)
                
                return p
            
            # JIT-compile with static_argnames
            self._get_map_jit_fn = jax.jit(_get_map_jit_impl, static_argnames=('normalize_cost',))
        
        return self._get_map_jit_fn(x0, x1, self.normalize_cost)
