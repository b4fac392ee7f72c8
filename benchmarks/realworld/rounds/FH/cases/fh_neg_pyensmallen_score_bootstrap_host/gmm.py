# Source: https://github.com/apoorvalal/pyensmallen/blob/b7b46817cf5d3700b88d7df7f8644d784ed2389a/pyensmallen/gmm.py
# Title: pyensmallen/gmm.py (EnsmallenEstimator: GMM with a C++ optimizer and JAX autodiff)
# Cut: kept jacobian_moment_cond, bootstrap_scores and the jitted moment helpers; fit, the
#      objective callback, summary and the full bootstrap removed; docstrings removed;
#      compute_asymptotic_variance reduced to one line.
import functools
from typing import Optional

import numpy as np
import jax
import jax.numpy as jnp


class EnsmallenEstimator:
    def __init__(self, moment_cond, weighting_matrix="optimal"):
        self.moment_cond = moment_cond
        self.weighting_matrix = weighting_matrix
        self.z_jax_ = None
        self.Gamma_ = None

    def compute_asymptotic_variance(self):
        G, W = self.Gamma_, self.W_
        self.vtheta_ = np.linalg.inv(G.T @ W @ G) / self.n_

    def jacobian_moment_cond(self) -> np.ndarray:
        # Use JAX's jacfwd to compute the Jacobian of mean moment conditions
        beta_jax = jnp.array(self.theta_, dtype=jnp.float64)
        jac_fn = jax.jacfwd(
            lambda b: self._jit_mean_moment_fn(b, self.z_jax_, self.y_jax_, self.x_jax_)
        )
        jac = jac_fn(beta_jax)

        return np.array(jac)

    def bootstrap_scores(
        self,
        n_bootstrap: int = 1000,
        seed: Optional[int] = None,
        verbose: bool = False,
    ) -> np.ndarray:
        if not hasattr(self, "theta_"):
            raise ValueError("Model must be fitted first")

        # Set random seed if provided
        if seed is not None:
            np.random.seed(seed)

        # Ensure JAX arrays are initialized
        if self.z_jax_ is None:
            self.z_jax_ = jnp.array(self.z_, dtype=jnp.float64)
            self.y_jax_ = jnp.array(self.y_, dtype=jnp.float64)
            self.x_jax_ = jnp.array(self.x_, dtype=jnp.float64)

        # Compute the jacobian of moment conditions (Gamma matrix)
        if self.Gamma_ is None:
            self.Gamma_ = self.jacobian_moment_cond()

        # Compute the inverse of Gamma'WGamma
        if not hasattr(self, "vtheta_") or self.vtheta_ is None:
            self.compute_asymptotic_variance()

        # Compute estimated M matrix (defined in the method description)
        # M = (Gamma'WGamma)^(-1) * Gamma'W

        G, W = self.Gamma_, self.W_
        inv_GWG = np.linalg.inv(G.T @ W @ G)
        M = -inv_GWG @ G.T @ W

        # Compute the score functions for each observation
        # Z_i = g(X_i, theta)
        Z = self.moment_cond(self.z_, self.y_, self.x_, self.theta_)
        Z_mean = np.mean(Z, axis=0)

        # Store bootstrap parameter estimates
        bootstrap_thetas = np.zeros((n_bootstrap, len(self.theta_)))

        # Create bootstrap indices for sampling scores
        n = self.n_

        for b in range(n_bootstrap):
            if verbose and (b + 1) % 100 == 0:
                print(f"Bootstrap iteration {b + 1}/{n_bootstrap}")

            # Generate bootstrap sample indices
            indices = np.random.choice(n, size=n, replace=True)

            # Bootstrap the scores
            Z_boot = Z[indices]
            Z_boot_mean = np.mean(Z_boot, axis=0)

            # Compute bootstrap estimate using fast method
            # theta^* = theta + M(Z^* - Z)
            delta = Z_boot_mean - Z_mean
            theta_boot = self.theta_ + M @ delta

            bootstrap_thetas[b] = theta_boot

        # Calculate bootstrap standard errors
        bootstrap_se = np.std(bootstrap_thetas, axis=0)

        # Store the bootstrap results
        self.bootstrap_thetas_ = bootstrap_thetas
        self.bootstrap_std_errors_ = bootstrap_se

        return bootstrap_se

    # JIT-compiled functions
    @functools.partial(jax.jit, static_argnums=(0,))
    def _jit_moment_cond(self, beta, z, y, x):
        """JIT-compiled moment conditions"""
        return self._moment_cond_jax(z, y, x, beta)

    @functools.partial(jax.jit, static_argnums=(0,))
    def _jit_objective(self, beta, z, y, x, W):
        """JIT-compiled objective function"""
        moments = self._jit_moment_cond(beta, z, y, x)
        mavg = jnp.mean(moments, axis=0)
        return mavg.T @ W @ mavg

    @functools.partial(jax.jit, static_argnums=(0,))
    def _jit_mean_moment_fn(self, beta, z, y, x):
        """JIT-compiled mean of moment conditions"""
        moments = self._moment_cond_jax(z, y, x, beta)
        return jnp.mean(moments, axis=0)

