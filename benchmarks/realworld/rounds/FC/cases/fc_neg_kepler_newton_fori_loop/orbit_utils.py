# Source: https://github.com/maja-jablonska/spice/blob/5426c370496aa7938513e94ea06e59cad82c018e/src/spice/models/orbit_utils.py
# Title: src/spice/models/orbit_utils.py (SPICE binary-orbit utilities)
# Cut: only the two Kepler-equation solvers (true_anomaly and solve_kepler_E) of the module; docstrings shortened.
import jax
import jax.numpy as jnp
from jax import jit, lax


@jit
def true_anomaly(M, ecc, itermax=8):
    """
    Calculate true and eccentric anomaly in Kepler orbits using JAX.
    Solves Kepler's equation: E - e*sin(E) = M
    """
    # Initial approximation
    Fn = M + ecc * jnp.sin(M) + ecc**2 / 2.0 * jnp.sin(2 * M)

    # Define a single iteration of Newton-Raphson
    def iteration_step(F, M, ecc):
        Mn = F - ecc * jnp.sin(F)
        Fn = F + (M - Mn) / (1.0 - ecc * jnp.cos(F))
        return Fn

    # Iterative solving using JAX's fori_loop for better performance
    # This allows JAX to optimize the loop execution
    def body_fun(i, F):
        return iteration_step(F, M, ecc)

    F = jax.lax.fori_loop(0, itermax, body_fun, Fn)

    # Calculate true anomaly from eccentric anomaly
    # Handle the safe computation of true anomaly to avoid division by zero
    tan_term = jnp.tan(F / 2.0)
    sqrt_term = jnp.sqrt((1.0 + ecc) / (1.0 - ecc))
    true_an = 2.0 * jnp.arctan(sqrt_term * tan_term)
    return F, true_an


@jit
def solve_kepler_E(M, e, maxit=30, tol=1e-12):
    """Solve Kepler's equation M = E - e sin E (JAX, vectorized)."""
    # Wrap M near 0 for stability
    Mwrap = (M + jnp.pi) % (2*jnp.pi) - jnp.pi
    # Good initial guess (Danby-ish)
    E0 = Mwrap + e*jnp.sin(Mwrap)/(1.0 - jnp.sin(Mwrap + e) + jnp.sin(Mwrap))

    def body_fun(k, E):
        f  = E - e*jnp.sin(E) - Mwrap
        fp = 1.0 - e*jnp.cos(E)
        dE = -f/fp
        E  = E + dE
        return E

    E = lax.fori_loop(0, maxit, body_fun, E0)
    return E
