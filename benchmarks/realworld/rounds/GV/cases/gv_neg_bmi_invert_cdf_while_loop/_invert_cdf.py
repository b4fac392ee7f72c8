# Source: https://github.com/cbg-ethz/bmi/blob/6c569b93f966dbdf53d4eb3fc287c791d87f2cd2/src/bmi/transforms/_invert_cdf.py
# Title: bmi: numerical inversion of a CDF (used by the benchmark samplers)
# Cut: verbatim apart from the removed type alias.
import jax
import jax.numpy as jnp


def invert_mono(f, x_min: float, x_max: float, delta: float = 1e-12):
    """Finds the inverse to a strictly increasing function `f`."""
    x_min, x_max = float(x_min), float(x_max)

    def g(y):
        def g_step(xs):
            x0, x1 = xs
            xm = (x0 + x1) / 2
            return jax.lax.cond(
                f(xm) < y,
                lambda: (xm, x1),
                lambda: (x0, xm),
            )

        def g_cond(xs):
            x0, x1 = xs
            xm = (x0 + x1) / 2
            ok = (abs(x1 - x0) > delta) * (x1 > xm) * (xm > x0)
            return ok

        x0_fin, x1_fin = jax.lax.while_loop(g_cond, g_step, (x_min, x_max))
        return (x0_fin + x1_fin) / 2

    return g


def invert_cdf(cdf, x_min: float = -10.0, x_max: float = +10.0, delta: float = 1e-12):
    """Finds an approximate inverse CDF."""

    icdf_appx = jax.jit(jnp.vectorize(invert_mono(cdf, x_min=x_min, x_max=x_max, delta=delta)))

    return icdf_appx
