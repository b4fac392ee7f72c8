# Source: https://github.com/neutryx-lab/neutryx-core/blob/46ef385031770d26f53f477a3a2d16582eb3dc62/src/neutryx/data/chunked_simulation.py
# Title: neutryx-core src/neutryx/data/chunked_simulation.py (memory-bounded chunked Monte Carlo)
# Cut: kept the jitted chunk simulator, the jitted vmapped chunk payoff and price_option_chunked;
#      the chunk-writing driver, config dataclass and docstrings shortened or omitted.
from __future__ import annotations

from typing import Callable

import jax
import jax.numpy as jnp
from jax import Array

from neutryx.io.base import DataStore


@jax.jit
def _simulate_gbm_chunk(key, S0, mu, sigma, T, steps, paths, dtype):
    dt = T / steps
    sqrt_dt = jnp.sqrt(dt)
    dW = jax.random.normal(key, shape=(paths, steps), dtype=dtype) * sqrt_dt
    drift = (mu - 0.5 * sigma**2) * dt
    log_returns = drift + sigma * dW
    log_prices = jnp.cumsum(log_returns, axis=1)
    prices = S0 * jnp.exp(log_prices)
    return jnp.concatenate([jnp.full((paths, 1), S0, dtype=dtype), prices], axis=1)


@jax.jit
def process_chunk_payoff(chunk_paths: Array, payoff_fn: Callable[[Array], Array]) -> Array:
    """Uses vmap for efficient vectorization across paths in the chunk."""
    return jax.vmap(payoff_fn)(chunk_paths)


def price_option_chunked(
    store: DataStore,
    key_prefix: str,
    n_chunks: int,
    payoff_fn: Callable[[Array], Array],
    discount_factor: float,
) -> float:
    """Loads chunks one at a time, applies payoff, and aggregates. Memory-efficient."""
    total_payoff = 0.0
    total_paths = 0

    for chunk_idx in range(n_chunks):
        # Load chunk
        chunk_key = f"{key_prefix}_{chunk_idx}"
        chunk_paths = store.load_array(chunk_key)
        chunk_size = chunk_paths.shape[0]

        # Compute payoffs for this chunk
        chunk_payoffs = process_chunk_payoff(chunk_paths, payoff_fn)

        # Accumulate
        total_payoff += float(jnp.sum(chunk_payoffs))
        total_paths += chunk_size

    mean_payoff = total_payoff / total_paths
    price = mean_payoff * discount_factor
    return price
