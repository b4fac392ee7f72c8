# Source: https://github.com/clarkmiyamoto/thejoker-jax/blob/9c53efce94cd616b80dbb5ec8abf1924955b6d50/src/velocity.py
# Title: src/velocity.py (thejoker-jax: radial-velocity state equation)
# Cut: banner comments and argument docs trimmed; the jaxoplanet-style kepler solver is imported from src/kepler.py of the same repository.
import jax
import jax.numpy as jnp
from kepler import kepler

# In astro-literature, they use double precision.
jax.config.update("jax_enable_x64", True)


@jax.jit
def velocity(t: jnp.ndarray,
             period: float,
             eccentricity: float,
             omega: float,
             phi0: float,
             K: float,
             v0: float) -> jnp.ndarray:
    """
    Calculate velocity at times `t` for a given period, eccentricity, omega, phi0, K, and v0.
    Using equation (1-4) in https://arxiv.org/pdf/1610.07602
    """
    return _velocity(t, period, eccentricity, omega, phi0, K, v0)


def _velocity(t, period, eccentricity, omega, phi0, K, v0):
    # Equation (3)
    mean_anom = (2 * jnp.pi * t / period) - phi0

    # Equation (4)
    sin_f, cos_f = kepler(mean_anom, eccentricity)

    # Equation (1)
    return (
        v0 +
        K * (
            jnp.cos(omega) * cos_f
            - jnp.sin(omega) * sin_f
            + eccentricity * jnp.sin(omega)
            )
    )
