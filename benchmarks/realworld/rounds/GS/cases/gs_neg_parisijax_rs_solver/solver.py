# Source: https://github.com/nahomes-15/parisijax/blob/f04bc61b53cc4db5c6348e3e1d1ef5df60cb2bc8/parisijax/core/solver.py
# Title: parisijax/core/solver.py (Replica theory: RS, 1RSB, and full Parisi k-RSB free energy)
# Cut: kept the quadrature helper, the replica-symmetric fixed point, the RS free energy and the
#      AT-line bisection; dropped the 1RSB and k-RSB solvers.
"""Replica theory: RS, 1RSB, and full Parisi k-RSB free energy.

Implements the Sherrington-Kirkpatrick model solutions following
Mézard, Parisi, Virasoro "Spin Glass Theory and Beyond" (1987).
"""

from functools import partial
from typing import Tuple

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import jit, lax
from jax.typing import ArrayLike


# ============================================================================
# Numerical Integration
# ============================================================================

# Cache for quadrature nodes/weights (avoid recomputation)
_QUAD_CACHE = {}

@partial(jit, static_argnums=0)
def _gauss_hermite_quadrature(n_points: int = 32) -> Tuple[jnp.ndarray, jnp.ndarray]:
    """Gauss-Hermite quadrature for ∫ f(z) 𝒩(z|0,1) dz.

    Returns:
        (points, weights): z values and normalized weights summing to 1
    """
    if n_points not in _QUAD_CACHE:
        z, w = np.polynomial.hermite.hermgauss(n_points)
        z = jnp.array(z) * jnp.sqrt(2.0)  # Scale to N(0,1)
        w = jnp.array(w) / jnp.sqrt(jnp.pi)  # Normalize
        _QUAD_CACHE[n_points] = (z, w)
    return _QUAD_CACHE[n_points]


# ============================================================================
# Replica-Symmetric Solution
# ============================================================================

@partial(jit, static_argnums=(2, 3))
def _rs_order_parameter(
        beta: float,
        h: float = 0.0,
        n_quad: int = 32,
        max_iter: int = 100,
        tol: float = 1e-8
) -> float:
    """Solve self-consistent equation q = ∫ tanh²(β(h + √q z)) 𝒩(z) dz.

    Args:
        beta: Inverse temperature (must be > 0)
        h: External field
        n_quad: Quadrature points (must be > 0)
        max_iter: Maximum iterations
        tol: Convergence tolerance

    Returns:
        RS order parameter q ∈ [0, 1]
    """
    z, w = _gauss_hermite_quadrature(n_quad)

    def fixed_point_iter(carry, _):
        q, converged = carry
        # q_new = ∫ tanh²(β(h + √q z)) dμ(z)
        q_new = jnp.sum(w * jnp.tanh(beta * (h + jnp.sqrt(jnp.maximum(q, 0.0)) * z)) ** 2)
        # Damped update for stability
        q_updated = 0.5 * q + 0.5 * q_new
        new_converged = jnp.abs(q_updated - q) < tol
        return (q_updated, converged | new_converged), None

    # Initialize with high-temperature estimate
    q_init = jnp.tanh(beta) ** 2
    (q_final, _), _ = lax.scan(fixed_point_iter, (q_init, False), None, length=max_iter)

    return jnp.clip(q_final, 0.0, 1.0)


@partial(jit, static_argnums=2)
def rs_free_energy(beta: float, h: float = 0.0, n_quad: int = 32) -> float:
    """Replica-symmetric free energy: f_RS(β, h).

    The RS free energy is:
        f_RS = -β(1-q)²/4 - (1/β) ∫ log(2cosh(β(h + √q z))) 𝒩(z) dz

    where q satisfies the self-consistent equation.

    Args:
        beta: Inverse temperature
        h: External field
        n_quad: Quadrature points

    Returns:
        Free energy per spin
    """
    z, w = _gauss_hermite_quadrature(n_quad)

    # Solve for RS order parameter
    q = _rs_order_parameter(beta, h, n_quad)

    # Compute free energy
    sqrt_q = jnp.sqrt(jnp.maximum(q, 1e-10))
    log_partition = jnp.log(2.0 * jnp.cosh(beta * (h + sqrt_q * z)))
    entropic_term = -beta * (1.0 - q) ** 2 / 4.0
    field_term = -jnp.sum(w * log_partition) / beta

    return entropic_term + field_term


@partial(jit, static_argnums=3)
def find_critical_temperature(
        beta_min: float = 0.5,
        beta_max: float = 1.5,
        tol: float = 1e-6,
        n_quad: int = 32
) -> float:
    """Find AT instability: β_c where replica symmetry breaks.

    The de Almeida-Thouless (AT) condition is:
        β²(1 - ∫ sech⁴(β√q z) 𝒩(z) dz) = 1

    At h=0, this simplifies and β_c = 1 exactly.

    Returns:
        Critical β_c (theory: 1.0 for SK model at h=0)
    """
    z, w = _gauss_hermite_quadrature(n_quad)

    def at_condition(beta: float) -> float:
        # Get RS order parameter at this beta
        q = _rs_order_parameter(beta, h=0.0, n_quad=n_quad)
        sqrt_q = jnp.sqrt(jnp.maximum(q, 1e-10))

        # AT stability: λ_AT = 1 - β² ∫ sech⁴(β√q z) 𝒩(z) dz
        sech4 = 1.0 / jnp.cosh(beta * sqrt_q * z) ** 4
        lambda_at = 1.0 - beta ** 2 * jnp.sum(w * sech4)
        return lambda_at

    # Binary search for where AT eigenvalue crosses zero
    def cond(carry):
        beta_low, beta_high = carry
        return beta_high - beta_low > tol

    def body(carry):
        beta_low, beta_high = carry
        beta_mid = 0.5 * (beta_low + beta_high)
        condition = at_condition(beta_mid)
        return lax.cond(
            condition > 0,  # Still stable
            lambda _: (beta_mid, beta_high),
            lambda _: (beta_low, beta_mid),
            None
        )

    beta_low, beta_high = lax.while_loop(cond, body, (beta_min, beta_max))
    return 0.5 * (beta_low + beta_high)
