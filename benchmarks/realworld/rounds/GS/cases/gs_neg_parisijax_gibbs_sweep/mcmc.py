# Source: https://github.com/nahomes-15/parisijax/blob/f04bc61b53cc4db5c6348e3e1d1ef5df60cb2bc8/parisijax/core/mcmc.py
# Title: parisijax/core/mcmc.py (Monte Carlo sampling: Metropolis, Gibbs, and parallel tempering)
# Cut: kept the single-spin Metropolis update and the Gibbs sweep over all spins of an SK
#      instance; dropped run_mcmc and the parallel-tempering step.
"""Monte Carlo sampling: Metropolis, Gibbs, and parallel tempering."""

from functools import partial
from typing import Literal, Tuple

import jax
import jax.numpy as jnp
from jax import jit, lax, random, vmap
from jax.typing import ArrayLike


# ============================================================================
# Single-Spin Update Rules
# ============================================================================

@jit
def _metropolis_step(key: ArrayLike, spins: jnp.ndarray, J: jnp.ndarray, beta: float, h: float) -> jnp.ndarray:
    """Single Metropolis update: flip random spin with acceptance min(1, exp(-β ΔE))."""
    n_spins = spins.shape[0]

    # Select random spin
    key, subkey = random.split(key)
    i = random.randint(subkey, (), 0, n_spins)

    # Compute ΔE = 2σᵢ hᵢ where hᵢ = (Σⱼ Jᵢⱼσⱼ)/√N + h
    local_field = jnp.dot(J[i], spins) / jnp.sqrt(n_spins) + h
    delta_E = 2.0 * spins[i] * local_field

    # Accept with Metropolis probability
    key, subkey = random.split(key)
    accept = random.uniform(subkey) < jnp.exp(-beta * delta_E)

    return spins.at[i].set(lax.select(accept, -spins[i], spins[i]))


@jit
def _gibbs_step(key: ArrayLike, spins: jnp.ndarray, J: jnp.ndarray, beta: float, h: float) -> jnp.ndarray:
    """Sweep all spins with Gibbs sampling: σᵢ ~ exp(β hᵢ σᵢ) / Z."""

    def update_spin(carry: Tuple[jnp.ndarray, ArrayLike], i: int) -> Tuple[Tuple[jnp.ndarray, ArrayLike], None]:
        spins, key = carry
        local_field = jnp.dot(J[i], spins) / jnp.sqrt(spins.shape[0]) + h
        prob_up = jax.nn.sigmoid(2.0 * beta * local_field)

        key, subkey = random.split(key)
        new_spin = lax.select(random.uniform(subkey) < prob_up, 1.0, -1.0)
        spins = spins.at[i].set(new_spin)

        return (spins, key), None

    (spins, _), _ = lax.scan(update_spin, (spins, key), jnp.arange(spins.shape[0]))
    return spins
