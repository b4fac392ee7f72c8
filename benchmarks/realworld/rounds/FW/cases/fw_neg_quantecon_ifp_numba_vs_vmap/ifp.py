# Source: https://github.com/QuantEcon/lecture-python.myst/blob/40c9d91d9b4c20f29ad7ac34df347a6e12858f02/lectures/ifp_advanced.md
# Title: QuantEcon, Intermediate Quantitative Economics with Python, "The Income Fluctuation Problem II: Stochastic Returns on Assets"
# Cut: the imports, the Numba Coleman-Reffett operator K, and the JAX section (imports, IFP_JAX, utilities, K_jax); the jitclass IFP and solvers omitted
import matplotlib.pyplot as plt
import numpy as np
from numba import jit, float64
from numba.experimental import jitclass
from quantecon import MarkovChain


@jit
def K(ae_vals, c_vals, ifp):
    """
    The Coleman--Reffett operator for the income fluctuation problem,
    using the endogenous grid method.

        * ifp is an instance of IFP
        * ae_vals[i, z] is an asset grid
        * c_vals[i, z] is consumption at ae_vals[i, z]
    """

    # Simplify names
    u_prime, u_prime_inv = ifp.u_prime, ifp.u_prime_inv
    R, Y, P, β = ifp.R, ifp.Y, ifp.P, ifp.β
    s_grid, η_draws, ζ_draws = ifp.s_grid, ifp.η_draws, ifp.ζ_draws
    n = len(P)

    # Create consumption function by linear interpolation
    σ = lambda a, z: np.interp(a, ae_vals[:, z], c_vals[:, z])

    # Allocate memory
    c_out = np.empty_like(c_vals)

    # Obtain c_i at each s_i, z, store in c_out[i, z], computing
    # the expectation term by Monte Carlo
    for i, s in enumerate(s_grid):
        for z in range(n):
            # Compute expectation
            Ez = 0.0
            for z_hat in range(n):
                for η in ifp.η_draws:
                    for ζ in ifp.ζ_draws:
                        R_hat = R(z_hat, ζ)
                        Y_hat = Y(z_hat, η)
                        U = u_prime(σ(R_hat * s + Y_hat, z_hat))
                        Ez += R_hat * U * P[z, z_hat]
            Ez = Ez / (len(η_draws) * len(ζ_draws))
            c_out[i, z] =  u_prime_inv(β * Ez)

    # Calculate endogenous asset grid
    ae_out = np.empty_like(c_out)
    for z in range(n):
        ae_out[:, z] = s_grid + c_out[:, z]

    # Fixing a consumption-asset pair at (0, 0) improves interpolation
    c_out[0, :] = 0
    ae_out[0, :] = 0

    return ae_out, c_out


import jax
import jax.numpy as jnp
from jax import vmap
from typing import NamedTuple

# Import jax.jit with a different name to avoid conflict with numba.jit
jax_jit = jax.jit

class IFP_JAX(NamedTuple):
    """
    A NamedTuple that stores primitives for the income fluctuation
    problem, using JAX.
    """
    γ: float
    β: float
    P: jnp.ndarray
    a_r: float
    b_r: float
    a_y: float
    b_y: float
    s_grid: jnp.ndarray
    η_draws: jnp.ndarray
    ζ_draws: jnp.ndarray


def create_ifp_jax(γ=1.5,
                   β=0.96,
                   P=np.array([(0.9, 0.1),
                               (0.1, 0.9)]),
                   a_r=0.1,
                   b_r=0.0,
                   a_y=0.2,
                   b_y=0.5,
                   shock_draw_size=100,
                   grid_max=10,
                   grid_size=100,
                   seed=1234):
    """
    Create an instance of IFP_JAX with the given parameters.
    """
    # Test stability assuming {R_t} is IID and adopts the lognormal
    # specification given below.  The test is then β E R_t < 1.
    ER = np.exp(b_r + a_r**2 / 2)
    assert β * ER < 1, "Stability condition failed."

    # Convert to JAX arrays
    P_jax = jnp.array(P)

    # Generate random draws using JAX
    key = jax.random.PRNGKey(seed)
    key, subkey1, subkey2 = jax.random.split(key, 3)
    η_draws = jax.random.normal(subkey1, (shock_draw_size,))
    ζ_draws = jax.random.normal(subkey2, (shock_draw_size,))
    s_grid = jnp.linspace(0, grid_max, grid_size)

    return IFP_JAX(γ=γ, β=β, P=P_jax, a_r=a_r, b_r=b_r, a_y=a_y, b_y=b_y,
                   s_grid=s_grid, η_draws=η_draws, ζ_draws=ζ_draws)


# Utility functions for the IFP model

def u_prime(c, γ):
    """Marginal utility"""
    return c**(-γ)

def u_prime_inv(c, γ):
    """Inverse of marginal utility"""
    return c**(-1/γ)

def R(z, ζ, a_r, b_r):
    """Gross return on assets"""
    return jnp.exp(a_r * ζ + b_r)

def Y(z, η, a_y, b_y):
    """Labor income"""
    return jnp.exp(a_y * η + (z * b_y))

@jax_jit
def K_jax(ae_vals, c_vals, ifp):
    """
    The Coleman--Reffett operator for the income fluctuation problem,
    using the endogenous grid method with JAX.

        * ifp is an instance of IFP_JAX
        * ae_vals[i, z] is an asset grid
        * c_vals[i, z] is consumption at ae_vals[i, z]
    """

    # Extract parameters from ifp
    γ, β, P = ifp.γ, ifp.β, ifp.P
    a_r, b_r, a_y, b_y = ifp.a_r, ifp.b_r, ifp.a_y, ifp.b_y
    s_grid, η_draws, ζ_draws = ifp.s_grid, ifp.η_draws, ifp.ζ_draws
    n = len(P)

    # Allocate memory
    c_out = jnp.empty_like(c_vals)

    # Obtain c_i at each s_i, z, store in c_out[i, z], computing
    # the expectation term by Monte Carlo
    def compute_expectation(s, z):
        """Compute expectation for given s and z"""
        def inner_expectation(z_hat):
            # Vectorize over shocks
            def compute_term(η, ζ):
                R_hat = R(z_hat, ζ, a_r, b_r)
                Y_hat = Y(z_hat, η, a_y, b_y)
                a_val = R_hat * s + Y_hat
                # Interpolate consumption
                c_interp = jnp.interp(a_val, ae_vals[:, z_hat], c_vals[:, z_hat])
                U = u_prime(c_interp, γ)
                return R_hat * U

            # Vectorize over all shock combinations
            η_grid, ζ_grid = jnp.meshgrid(η_draws, ζ_draws, indexing='ij')
            terms = vmap(vmap(compute_term))(η_grid, ζ_grid)
            return P[z, z_hat] * jnp.mean(terms)

        # Sum over z_hat states
        Ez = jnp.sum(vmap(inner_expectation)(jnp.arange(n)))
        return u_prime_inv(β * Ez, γ)

    # Vectorize over s_grid and z
    c_out = vmap(vmap(compute_expectation, in_axes=(None, 0)),
                  in_axes=(0, None))(s_grid, jnp.arange(n))

    # Calculate endogenous asset grid
    ae_out = s_grid[:, None] + c_out

    # Fixing a consumption-asset pair at (0, 0) improves interpolation
    c_out = c_out.at[0, :].set(0)
    ae_out = ae_out.at[0, :].set(0)

    return ae_out, c_out
