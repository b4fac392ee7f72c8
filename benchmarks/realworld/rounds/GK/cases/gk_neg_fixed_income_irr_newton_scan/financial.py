# Source: https://github.com/AdityaMaheshwariYOW/fixed-income-modelling/blob/546962e89ecfb955717c321e4baf32dfff132868/scripts/financial.py
# Title: fixed-income-modelling - scripts/financial.py (NPV and Newton IRR for a corporate bond fund)
# Cut: kept NPV, NPV_simple, irr_newton and compute_no_default_irr; docstrings shortened.
import jax
import jax.numpy as jnp
from jax import lax, grad


def NPV(r: float, cf: jnp.ndarray, t: jnp.ndarray) -> jnp.ndarray:
    """Net Present Value of a stream of cashflows (continuous compounding)."""
    cf_ = jnp.where(jnp.isnan(cf), 0, cf)
    t_ = jnp.where(jnp.isnan(t), 0, t)
    return jnp.sum(cf_ * jnp.exp(-r * t_))

def NPV_simple(r: float, cf: jnp.ndarray, t: jnp.ndarray) -> jnp.ndarray:
    """
    Discrete compounding NPV: sum(cf_i / (1+r)**t_i)
    """
    cf_ = jnp.where(jnp.isnan(cf), 0, cf)
    t_ = jnp.where(jnp.isnan(t), 0, t)
    return jnp.sum(cf_ / (1 + r) ** t_)


def irr_newton(
    cf: jnp.ndarray,
    t: jnp.ndarray,
    r_init: float = 0.05,
    max_iter: int = 50,
    compounding: str = 'continuous'
) -> float:
    """Compute the internal rate of return (IRR) using Newton-Raphson."""
    # Validate compounding
    if compounding not in ('simple', 'continuous'):
        raise ValueError("compounding must be 'simple' or 'continuous'")

    def body_fn(r, _):
        if compounding == 'simple':
            f = NPV_simple(r, cf, t)
            df = jax.grad(NPV_simple)(r, cf, t)
        else:
            f = NPV(r, cf, t)
            df = jax.grad(NPV)(r, cf, t)
        r_new = r - f / df
        return r_new, r

    # Run Newton-Raphson via lax.scan
    r_final, _ = lax.scan(body_fn, r_init, None, length=max_iter)
    return r_final  # return Python float


def compute_no_default_irr(cf: jnp.ndarray, times: jnp.ndarray, p0: float) -> float:
    """IRR under the assumption of no default."""
    full_cf = cf.at[0].set(-p0)
    return irr_newton(full_cf, times)
