# Source: https://github.com/AdityaMaheshwariYOW/fixed-income-modelling/blob/546962e89ecfb955717c321e4baf32dfff132868/scripts/simulation.py
# Title: fixed-income-modelling - scripts/simulation.py (default-adjusted bond cashflow simulation)
# Cut: kept simulate_defaults, build_cashflow_matrix and run_simulations_for_company; docstrings
#      shortened. Nothing here is jitted or differentiated: the per-simulation branch reads concrete
#      booleans, and the results feed host-side summaries.
from typing import Dict
import jax
import jax.numpy as jnp


def simulate_defaults(n_periods: int, n_simulations: int, pd: float) -> jnp.ndarray:
    """(n_simulations x n_periods) matrix with 1 if alive, 0 if defaulted."""
    rand_matrix = jax.random.uniform(jax.random.PRNGKey(0), (n_simulations, n_periods))
    default_matrix = (rand_matrix > pd).astype(jnp.int32)
    default_path = jnp.cumprod(default_matrix, axis=1)  # once defaulted, always defaulted
    return default_path


def build_cashflow_matrix(coupon, delta_notional, price, alive_mat, default_price_factor=0.7):
    """Build cashflow matrix per simulation with proper sign."""
    n_simulations, n_periods = alive_mat.shape

    # Initialize cashflows
    cf_mat = jnp.zeros((n_simulations, n_periods))

    # Time 0: initial investment (outlay)
    cf_mat = cf_mat.at[:, 0].set(delta_notional * price)  # Should be negative

    # Coupons: only if alive
    for t in range(1, n_periods):
        cf_mat = cf_mat.at[:, t].add(coupon * alive_mat[:, t])

    # Check where default happens — repay notional only at default
    default_occurred = (alive_mat[:, 1:] - alive_mat[:, :-1]) == -1
    first_default_idx = jnp.argmax(default_occurred, axis=1) + 1
    default_happens = jnp.any(default_occurred, axis=1)

    # Repay at default (lower price), else at end (full price)
    default_prices = price * default_price_factor  # e.g., 70% recovery on default
    for i in range(n_simulations):
        if default_happens[i]:
            cf_mat = cf_mat.at[i, first_default_idx[i]].add(-delta_notional * default_prices)
        else:
            cf_mat = cf_mat.at[i, -1].add(-delta_notional * price)  # final repayment

    return cf_mat


def run_simulations_for_company(
    company: str,
    coupon: float,
    delta_notional: float,
    price: float,
    n_periods: int,
    n_simulations: int,
    pd: float
) -> Dict:
    path = simulate_defaults(n_periods, n_simulations, pd)
    cf_mat = build_cashflow_matrix(coupon, delta_notional, price, path)
    return {
        "company": company,
        "cf_mat": cf_mat,
        "alive_mat": path
    }
