# Source: https://github.com/fmottes/stochastix/blob/ca3e2ba9695fe5c47897fa91d617a0538778b96a/stochastix/reaction/_network.py
# Title: stochastix/reaction/_network.py (ReactionNetwork class for simulating chemical reaction systems)
# Cut: kept __init__ (matrix construction), propensities and vector_field; SDE terms, log_prob and LaTeX export dropped; docstrings shortened.
"""ReactionNetwork class for simulating chemical reaction systems."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import equinox as eqx
import jax
import jax.numpy as jnp

from .._state_utils import pytree_to_state, state_to_pytree
from ..kinetics._massaction import (
    MassAction,
    mass_action_ode_rate,
    mass_action_propensity,
)
from ._reaction import Reaction


class ReactionNetwork(eqx.Module):
    reactions: tuple[Reaction, ...]
    species: tuple[str, ...] = eqx.field(static=True)
    volume: float
    stoichiometry_matrix: list[list[int | float]]  # species x reactions
    reactant_matrix: list[list[int | float]]  # species x reactions
    product_matrix: list[list[int | float]]  # species x reactions
    n_reactions: int = eqx.field(static=True)
    n_species: int = eqx.field(static=True)
    _species_map: dict = eqx.field(static=True)
    _all_mass_action: bool = eqx.field(static=True)

    def __init__(self, reactions: Iterable[Reaction], volume: float = 1.0):
        self.reactions = tuple(reactions)
        self.volume = volume
        all_species = set()
        for r in reactions:
            all_species.update(r.required_species)
        self.species = tuple(sorted(list(all_species)))
        self._species_map = {s: i for i, s in enumerate(self.species)}
        self.n_species = len(self.species)
        self.n_reactions = len(reactions)
        self._all_mass_action = all(
            isinstance(r.kinetics, MassAction) for r in reactions
        )
        prepared_reactions = []
        for r in reactions:
            prepared_kinetics = r.kinetics._bind_to_network(self._species_map)
            new_r = eqx.tree_at(
                lambda reaction: reaction.kinetics, r, prepared_kinetics
            )
            prepared_reactions.append(new_r)
        self.reactions = tuple(prepared_reactions)

        reactant_matrix = jnp.zeros((self.n_species, self.n_reactions))
        product_matrix = jnp.zeros((self.n_species, self.n_reactions))
        for i, r in enumerate(self.reactions):
            for species, coeff in r.reactants_and_coeffs:
                species_idx = self._species_map[species]
                reactant_matrix = reactant_matrix.at[species_idx, i].set(coeff)
            for species, coeff in r.products_and_coeffs:
                species_idx = self._species_map[species]
                product_matrix = product_matrix.at[species_idx, i].set(coeff)
        self.reactant_matrix = reactant_matrix.tolist()
        self.product_matrix = product_matrix.tolist()
        self.stoichiometry_matrix = (product_matrix - reactant_matrix).tolist()

    def propensities(self, x: jnp.ndarray, t: jnp.floating = None, reaction_mask: jnp.ndarray | None = None) -> jnp.ndarray:
        reactant_matrix = jnp.asarray(self.reactant_matrix)
        propensities = jnp.zeros(self.n_reactions)

        if reaction_mask is None:
            if self._all_mass_action:
                rate_constants = jnp.array(
                    [r.kinetics.transform(r.kinetics.k) for r in self.reactions]
                )
                propensities = eqx.filter_vmap(
                    mass_action_propensity, in_axes=(0, None, 1, None)
                )(rate_constants, x, reactant_matrix, self.volume)
            else:
                # Path for heterogeneous reactions.
                for i, reaction in enumerate(self.reactions):
                    a = reaction.kinetics.propensity_fn(
                        x, reactant_matrix[:, i], t, volume=self.volume
                    )
                    propensities = propensities.at[i].set(a)
        else:
            reaction_mask = reaction_mask.astype(bool)
            if self._all_mass_action:
                def _propensity_fn_masked(k, reactants, masked):
                    return jax.lax.cond(
                        masked,
                        lambda: mass_action_propensity(k, x, reactants, self.volume),
                        lambda: 0.0,
                    )

                rate_constants = jnp.array(
                    [r.kinetics.transform(r.kinetics.k) for r in self.reactions]
                )
                propensities = eqx.filter_vmap(
                    _propensity_fn_masked, in_axes=(0, 1, 0)
                )(rate_constants, reactant_matrix, reaction_mask)
            else:
                for i, reaction in enumerate(self.reactions):
                    propensities = propensities.at[i].set(
                        jax.lax.cond(
                            reaction_mask[i],
                            lambda: reaction.kinetics.propensity_fn(
                                x, reactant_matrix[:, i], t, volume=self.volume
                            ),
                            lambda: 0.0,
                        )
                    )

        return propensities

    def vector_field(self, t: jnp.floating, x: jnp.ndarray, args: Any = None) -> jnp.ndarray:
        reactant_matrix = jnp.asarray(self.reactant_matrix)
        stoichiometry_matrix = jnp.asarray(self.stoichiometry_matrix)

        x = pytree_to_state(x, self.species)
        x = x + jnp.finfo(jnp.result_type(float)).tiny

        if self._all_mass_action:
            rate_constants = jnp.array(
                [r.kinetics.transform(r.kinetics.k) for r in self.reactions]
            )
            rates = eqx.filter_vmap(mass_action_ode_rate, in_axes=(0, None, 1, None))(
                rate_constants, x, reactant_matrix, self.volume
            )
        else:
            # This loop is JAX-jittable for heterogeneous reactions.
            rates = jnp.zeros(len(self.reactions))
            for i, reaction in enumerate(self.reactions):
                rate = reaction.kinetics.ode_rate_fn(
                    x, reactant_matrix[:, i], t, volume=self.volume
                )
                rates = rates.at[i].set(rate)

        dxdt = stoichiometry_matrix @ rates
        return state_to_pytree(x, self.species, dxdt)
