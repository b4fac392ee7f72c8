# Source: https://github.com/AdityaMaheshwariYOW/fixed-income-modelling/blob/546962e89ecfb955717c321e4baf32dfff132868/scripts/financial.py
# Title: fixed-income-modelling - scripts/financial.py (IRR of every simulated default path)
# Cut: kept irr_simulated_batch only; docstring shortened.
import jax
import jax.numpy as jnp
from jax import lax


def irr_simulated_batch(cashflow_matrix: jnp.ndarray) -> jnp.ndarray:
    """
    Compute IRRs for a batch of simulated cashflow paths using vectorized bisection.
    cashflow_matrix : (n_simulations, n_periods), one row of cashflows per simulation.
    """
    def npv(rate, cf):
        times = jnp.arange(cf.shape[0])
        return jnp.sum(cf / (1 + rate) ** times)

    def single_irr(cf):
        def cond(state):
            low, high, i = state
            return (i < 100) & (high - low > 1e-6)

        def body(state):
            low, high, i = state
            mid = (low + high) / 2
            mid_npv = npv(mid, cf)
            return jax.lax.cond(mid_npv > 0,
                                 lambda _: (mid, high, i + 1),
                                 lambda _: (low, mid, i + 1),
                                 operand=None)

        low_final, high_final, _ = lax.while_loop(cond, body, (-0.9999, 1.0, 0))
        return (low_final + high_final) / 2

    return jax.vmap(single_irr)(cashflow_matrix)
