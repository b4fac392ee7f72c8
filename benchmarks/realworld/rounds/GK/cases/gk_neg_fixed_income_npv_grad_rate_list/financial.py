# Source: https://github.com/AdityaMaheshwariYOW/fixed-income-modelling/blob/546962e89ecfb955717c321e4baf32dfff132868/scripts/financial.py
# Title: fixed-income-modelling - scripts/financial.py (NPV and its rate sensitivity at a few rates)
# Cut: kept NPV and evaluate_npv_and_gradients; docstrings shortened.
import pandas as pd
import jax.numpy as jnp
from jax import grad


def NPV(r: float, cf: jnp.ndarray, t: jnp.ndarray) -> jnp.ndarray:
    cf_ = jnp.where(jnp.isnan(cf), 0, cf)
    t_ = jnp.where(jnp.isnan(t), 0, t)
    return jnp.sum(cf_ * jnp.exp(-r * t_))


def evaluate_npv_and_gradients(cf: jnp.ndarray, t: jnp.ndarray, rates: list[float]) -> pd.DataFrame:
    """
    Compute the NPV and its gradient with respect to the discount rate
    (a duration proxy) at each of the given rates.

    >>> evaluate_npv_and_gradients(cf, t, [0.00, 0.05, 0.10])
    """
    npv_fn = lambda r: NPV(r, cf, t)
    npv_grad = grad(npv_fn)

    results = []
    for r in rates:
        npv_val = npv_fn(r)
        grad_val = npv_grad(r)
        results.append({
            "rate": r,
            "npv": float(npv_val),
            "d_npv_dr": float(grad_val)
        })

    return pd.DataFrame(results)
