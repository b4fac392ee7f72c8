# Source: https://github.com/JimGalasyn/jax-morpho/blob/d78631539e5f26cded2878a1bae8f665927f4b81/src/jax_morpho/evodevo/fixed_point.py
# Title: src/jax_morpho/evodevo/fixed_point.py (implicit sensitivities of developmental fixed points; finite-difference reference)
# Cut: kept finite_difference_sensitivity; the implicit-differentiation machinery is reduced to the energy_sensitivity signature used by the test.
import jax
import jax.numpy as jnp


def energy_sensitivity(E, x_star, alive, theta, **kw):
    F = lambda x, th: -jax.grad(E)(x, alive, th) * alive[:, None]
    return jax.jacfwd(lambda th: F(x_star, th))(theta)


def finite_difference_sensitivity(develop_fn, theta, eps=1e-5):
    """∂develop_fn(θ)/∂θ by central differences — the known-answer reference the
    implicit sensitivity is gated against (docs/DESIGN.md validation ladder #1).

    Deliberately naive and slow: it re-runs development 2m times and knows
    nothing about the implicit machinery, which is exactly what makes it an
    independent check.
    """
    theta = jnp.asarray(theta, float)
    cols = []
    for k in range(theta.shape[0]):
        e = jnp.zeros_like(theta).at[k].set(eps)
        xp = jnp.asarray(develop_fn(theta + e)).reshape(-1)
        xm = jnp.asarray(develop_fn(theta - e)).reshape(-1)
        cols.append((xp - xm) / (2 * eps))
    return jnp.stack(cols, -1)
