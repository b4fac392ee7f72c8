# Source: https://github.com/AdityaMaheshwariYOW/fixed-income-modelling/blob/546962e89ecfb955717c321e4baf32dfff132868/scripts/simulation.py
# Title: fixed-income-modelling - scripts/simulation.py (summary of simulated portfolio IRRs)
# Cut: kept summarize_simulation_results; sim_results holds one entry per company (a handful of
#      borrowers), each a (n_simulations, n_periods) cashflow matrix.
from typing import Dict, Tuple
import jax.numpy as jnp
from financial import irr_simulated_batch


def summarize_simulation_results(
    sim_results: Dict[str, Dict],
    price_at_t0: float
) -> Tuple[float, float]:
    """Mean and standard deviation of IRRs across simulation paths."""
    cf_list = []
    for result in sim_results.values():
        cf = result["cf_mat"].at[:, 0].set(-price_at_t0)
        cf_list.append(cf)

    total_cf = jnp.sum(jnp.stack(cf_list), axis=0)  # shape (n_sims, n_periods)
    irr_array = irr_simulated_batch(total_cf)
    return float(jnp.mean(irr_array)), float(jnp.std(irr_array))
