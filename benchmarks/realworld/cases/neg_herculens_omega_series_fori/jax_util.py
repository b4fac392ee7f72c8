# Source: https://github.com/Herculens/herculens/blob/main/herculens/Util/jax_util.py
# Title: Herculens/herculens herculens/Util/jax_util.py, omega_real (after PR #29 "Improves the R_omega function in jax_util": "replacing the standard for loop with jax.lax.fori_loop")
# Cut: kept omega_real; the rest of jax_util is dropped.
import jax.numpy as jnp
from jax import lax


def omega_real(x, y, t, q, nmax):
    """Angular dependency of the deflection angle in the EPL lens profile.

    The computation follows Eqs. (31)-(32) in Tessore & Metcalf (2015).
    This function is based on the Giga-lens implementation (gigalens.jax.profiles.mass.epl).
    """
    # Compute constant factors
    phi = jnp.arctan2(y, q * x)
    f = (1. - q) / (1. + q)
    Cs, Ss = jnp.cos(phi), jnp.sin(phi)
    Cs2, Ss2 = jnp.cos(2 * phi), jnp.sin(2 * phi)
    def update(n, val):
        prefac = -f * (2. * n - (2. - t)) / (2. * n + (2. - t))
        last_x, last_y, fx, fy = val
        last_x, last_y = prefac * (Cs2 * last_x - Ss2 * last_y), prefac * (
                Ss2 * last_x + Cs2 * last_y
        )
        fx += last_x
        fy += last_y
        return last_x, last_y, fx, fy
    _, _, fx, fy = lax.fori_loop(1, nmax, update, (Cs, Ss, Cs, Ss))
    return fx, fy
