# Source: https://github.com/ucl-exoplanets/taurex3/blob/7795d39584145ee8045e2a0adef14fa94eff01d8/examples/differentiability/diffproto.py
# Title: "Minimal differentiable TauREx-style transmission forward model": JAX kernels
# Cut: only the JAX kernels (E_2 series / continued fraction, vectorised cross-section interpolation,
#      the layer accumulation written with lax.fori_loop); the grids, callers and benchmarks are omitted.
from __future__ import annotations

EULER_GAMMA = 0.5772156649015329
SERIES_TERMS = 40
#: ``E_2`` uses the convergent series below this argument and the continued
#: fraction above it.
E2_SERIES_MAX = 3.0
E2_CF_TERMS = 48

def _exp1_series(x):
    import jax.numpy as jnp
    from jax.scipy import special as jspecial

    k = jnp.arange(1.0, SERIES_TERMS + 1.0)
    log_factorial = jspecial.gammaln(k + 1.0)
    signs = jnp.where(k % 2.0 == 1.0, 1.0, -1.0)
    log_x = jnp.log(x)
    terms = jnp.exp(jnp.expand_dims(log_x, -1) * k - log_factorial) * signs / k
    total = -EULER_GAMMA - log_x + jnp.sum(terms, axis=-1)
    return jnp.reshape(total, jnp.shape(x))


def _expn2_continued_fraction(x):
    import jax.numpy as jnp
    from jax import lax

    def body(i, term):
        k = E2_CF_TERMS - i
        b = x + 2.0 * k
        a_next = -(k + 1.0) * k
        return jnp.where(i == 0, b, b + a_next / term)

    term = lax.fori_loop(0, E2_CF_TERMS, body, jnp.zeros_like(x))
    return jnp.exp(-x) / term


def expn2_jax(x):
    import jax.numpy as jnp

    x = jnp.maximum(x, 1.0e-300)
    series = jnp.exp(-x) - x * _exp1_series(x)
    return jnp.where(x < E2_SERIES_MAX, series, _expn2_continued_fraction(x))


def interp_xsec_jax(temperature, log_pressure, arrays, ngas):
    import jax.numpy as jnp
    from jax import lax

    xsec = arrays["xsec"]
    t_grid = arrays["t_grid"]
    p_grid = arrays["log_p_grid"]
    t_idx = lax.stop_gradient(
        jnp.clip(jnp.searchsorted(t_grid, temperature), 1, t_grid.shape[0] - 1)
    )
    p_idx = lax.stop_gradient(
        jnp.clip(jnp.searchsorted(p_grid, log_pressure), 1, p_grid.shape[0] - 1)
    )
    t_min, p_min = t_idx - 1, p_idx - 1

    fx = (temperature - t_grid[t_min]) / (t_grid[t_idx] - t_grid[t_min])
    fy = (log_pressure - p_grid[p_min]) / (p_grid[p_idx] - p_grid[p_min])
    f00 = xsec[:ngas, t_min, p_min]
    f10 = xsec[:ngas, t_idx, p_min]
    f01 = xsec[:ngas, t_min, p_idx]
    f11 = xsec[:ngas, t_idx, p_idx]
    return (1.0 - fy)[:, None] * ((1.0 - fx)[:, None] * f00 + fx[:, None] * f10) + fy[
        :, None
    ] * ((1.0 - fx)[:, None] * f01 + fx[:, None] * f11)


def _tau_loop_jax(density, sigma, path):
    """Sequential in-place accumulation via ``lax.fori_loop``."""
    import jax.numpy as jnp
    from jax import lax

    def body(layer, tau):
        contribution = jnp.sum(path[layer][:, None] * density[:, None] * sigma, axis=0)
        return tau.at[layer].add(contribution)

    return lax.fori_loop(0, density.shape[0], body, jnp.zeros_like(sigma))


