# Source: https://github.com/neutryx-lab/neutryx-core/blob/46ef385031770d26f53f477a3a2d16582eb3dc62/src/neutryx/models/jump_clustering.py
# Title: neutryx-core src/neutryx/models/jump_clustering.py (Hawkes jump-diffusion calibration to options)
# Cut: kept price_vanilla_hawkes_mc and calibrate_hawkes_to_options (objective + gradient-descent
#      driver); the path simulator and helpers of the same upstream file are in
#      jump_clustering_sim.py; docstrings shortened.
from typing import Optional

import jax
import jax.numpy as jnp

from jump_clustering_sim import (
    HawkesJumpParams,
    MCConfig,
    compute_option_payoff,
    discount_payoff,
    simulate_hawkes_jump_diffusion,
)

Array = jnp.ndarray


def price_vanilla_hawkes_mc(key, S0, K, T, r, q, params: HawkesJumpParams, cfg: MCConfig, kind: str = "call"):
    """Price vanilla European option under Hawkes jump-diffusion using Monte Carlo."""
    paths = simulate_hawkes_jump_diffusion(key, S0, T, r, q, params, cfg)
    ST = paths[:, -1]

    payoffs = compute_option_payoff(ST, K, kind)
    discounted = discount_payoff(payoffs, r, T)
    return float(discounted.mean())


def calibrate_hawkes_to_options(
    key,
    S0: float,
    r: float,
    q: float,
    market_prices: Array,
    strikes: Array,
    maturities: Array,
    option_types: list[str],
    cfg: MCConfig,
    initial_params: Optional[HawkesJumpParams] = None,
) -> HawkesJumpParams:
    """Calibrate Hawkes jump-diffusion to market option prices."""
    from jax import grad

    def objective(params_vec):
        """Squared pricing error."""
        sigma, lambda0, alpha, beta, mu_jump, sigma_jump = params_vec

        params = HawkesJumpParams(
            sigma=jnp.exp(sigma),
            lambda0=jnp.exp(lambda0),
            alpha=jnp.exp(alpha),
            beta=jnp.exp(beta),
            mu_jump=mu_jump,
            sigma_jump=jnp.exp(sigma_jump),
        )

        # Price all options
        errors = jnp.zeros(len(market_prices))

        for i in range(len(market_prices)):
            # Generate unique key for each option
            key_i = jax.random.fold_in(key, i)

            model_price = price_vanilla_hawkes_mc(
                key_i,
                S0,
                strikes[i],
                maturities[i],
                r,
                q,
                params,
                cfg,
                kind=option_types[i],
            )

            error = (model_price - market_prices[i]) ** 2
            errors = errors.at[i].set(error)

        return jnp.sum(errors)

    init_params = initial_params or HawkesJumpParams(
        sigma=0.15, lambda0=5.0, alpha=1.5, beta=2.0, mu_jump=-0.03, sigma_jump=0.08,
    )
    params_vec = jnp.array([
        jnp.log(init_params.sigma), jnp.log(init_params.lambda0), jnp.log(init_params.alpha),
        jnp.log(init_params.beta), init_params.mu_jump, jnp.log(init_params.sigma_jump),
    ])

    # Simple gradient descent
    lr = 0.001
    for iteration in range(50):
        grad_val = grad(objective)(params_vec)
        params_vec = params_vec - lr * grad_val

        if iteration % 10 == 0:
            loss = objective(params_vec)

    return params_vec
