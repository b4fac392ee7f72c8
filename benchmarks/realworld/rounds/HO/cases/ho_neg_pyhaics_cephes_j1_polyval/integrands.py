# Source: https://github.com/miguelfrndz/pyHaiCS/blob/2d14a082159429dd33ba1aa93a4dbe5f52fad5c3/examples/talbot_utils.py
# Title: examples/talbot_utils.py (jitted integrands that call BesselJAX.J1)
# Cut: only the imports and the two jitted integrands kept.
import jax
import jax.numpy as jnp
jax.config.update("jax_enable_x64", True)
from BesselJAX import J1

ROUNDING_CORRECTION = 1e2


@jax.jit
def integrand_sin(tau, kn, z, omega, epsilon = 1e-6):
    u = jnp.sqrt(jnp.maximum(0, tau ** 2 - z ** 2))
    sin_term = jnp.sin(omega * tau)
    mask = u < epsilon
    result = jnp.where(mask, sin_term * kn * 1/2 * ROUNDING_CORRECTION, sin_term * J1(kn * u) / u * ROUNDING_CORRECTION)
    return result

@jax.jit
def integrand_cos(tau, kn, z, omega, epsilon = 1e-6):
    u = jnp.sqrt(jnp.maximum(0, tau ** 2 - z ** 2))
    cos_term = jnp.cos(omega * tau)
    mask = u < epsilon
    result = jnp.where(mask, cos_term * kn * 1/2 * ROUNDING_CORRECTION, cos_term * J1(kn * u) / u * ROUNDING_CORRECTION)
    return result
