# Source: https://github.com/KurtSoncco/surrogate-seismic-waves/blob/4e56984d532bcd35d9848f78f11092335f3ee665/wave_surrogate/models/pce/pce_jax.py
# Title: wave_surrogate/models/pce/pce_jax.py (PCE operator learning in JAX)
# Cut: kept imports, class header and fit_physics_informed_nonlinear (Newton driver); everything else dropped
import itertools
from functools import partial

import jax
import jax.numpy as jnp

from wave_surrogate.logging_setup import setup_logging
from wave_surrogate.models.pce.polynomials import (
    _hermite_polynomial,
    _legendre_polynomial,
)

logger = setup_logging()


class PCEOperatorJAX:
# ...
    def fit_physics_informed_nonlinear(
        self,
        residual_fn,
        xi_samples: jnp.ndarray,
        n_pde: int,
        n_bc: int,
        n_ic: int,
        n_iter: int = 10,
        tol: float = 1e-6,
    ):
        """
        Fits the PCE model using physics-informed constraints for nonlinear PDEs.
        This method uses the Newton-Raphson method to minimize the residuals.
        Args:
            residual_fn: A function that computes the PDE, BC, and IC residuals.
                It should have the signature:
                (R_pde, R_bc, R_ic) = residual_fn(C, Psi)
                where C is the coefficient matrix and Psi is the basis matrix.
            xi_samples (jnp.ndarray): Stochastic input samples of shape (N, r).
            n_pde (int): Number of PDE collocation points.
            n_bc (int): Number of BC collocation points.
            n_ic (int): Number of IC collocation points.
            n_iter (int): Maximum number of Newton-Raphson iterations. Default is 10.
            tol (float): Tolerance for convergence. Default is 1e-6.

        Returns: None
        Raises: RuntimeError: If the fitting process fails.
        """
        Psi = self._construct_basis_matrix(xi_samples, self.alpha_indices, "hermite").T

        # Define loss function based on Eq. (17)
        def loss_fn(C_flat):
            C = C_flat.reshape((self.Q, self.P))
            # Compute residuals at PDE, BC, and IC points
            R_pde, R_bc, R_ic = residual_fn(C, Psi)

            # Mean squared residuals
            loss_pde = jnp.where(n_pde > 0, jnp.mean(R_pde**2), 0.0)
            loss_bc = jnp.where(n_bc > 0, jnp.mean(R_bc**2), 0.0)
            loss_ic = jnp.where(n_ic > 0, jnp.mean(R_ic**2), 0.0)
            return loss_pde + loss_bc + loss_ic

        # Get JIT-compiled gradient and Hessian functions
        grad_loss = jax.jit(jax.grad(loss_fn))
        hess_loss = jax.jit(jax.hessian(loss_fn))

        # Initial guess for C
        C_flat = jnp.zeros((self.Q * self.P,))

        logger.info("Starting nonlinear physics-informed fitting...")
        for i in range(n_iter):
            g = grad_loss(C_flat)
            H = hess_loss(C_flat)

            # Solve for H * delta_C = -g using JAX's linear solver
            delta_C = jnp.linalg.solve(H, -g)
            C_flat += delta_C

            step_norm = jnp.linalg.norm(delta_C)
            logger.info(
                f"Iteration {i + 1}, Loss: {loss_fn(C_flat):.6f}, Step Norm: {step_norm:.6e}"
            )

            if step_norm < tol:
                logger.info("Convergence achieved.")
                break

        self.C = C_flat.reshape((self.Q, self.P))
        self.C.block_until_ready()  # Wait for computation to finish
        logger.info(
            "Nonlinear physics-informed fit complete. Coefficient matrix C has been learned."
        )
