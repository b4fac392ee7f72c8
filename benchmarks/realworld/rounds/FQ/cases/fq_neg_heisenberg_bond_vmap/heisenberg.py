# Source: https://github.com/ankit76/nn_eph/blob/0f5ea404ed8e83b38d724e307913122e0acb824c/nn_eph/heisenberg.py
# Title: nn_eph/heisenberg.py
# Cut: debug prints, the structure factor, the long-range variant and heisenberg_bond cut.
from dataclasses import dataclass
from functools import partial
from typing import Any

import jax
from jax import jit, lax
from jax import numpy as jnp
from jax import vmap

from nn_eph.wavefunctions_n import t_projected_state, wave_function


@dataclass
class heisenberg:
    j: float = 1.0

    @partial(jit, static_argnums=(0, 2))
    def get_marshall_sign(self, walker: jax.Array, lattice):
        return 1.0  # lattice.get_marshall_sign(walker)

    @partial(jit, static_argnums=(0, 3, 4))
    def local_energy_and_update(
        self,
        walker: jax.Array,
        parameters: Any,
        wave: wave_function,
        lattice,
        random_number: float,
    ):
        n_bonds = len(lattice.bonds)

        walker_data = wave.build_walker_data(walker, parameters, lattice)
        sign = self.get_marshall_sign(walker, lattice)
        overlap = walker_data["log_overlap"] + jnp.log(sign + 0.0j)
        overlap_gradient = wave.calc_overlap_gradient(walker_data, parameters, lattice)
        qp_weight = 0.0

        def z_ene(bond):
            neighbors = lattice.get_neighboring_sites(bond)
            return self.j * walker[(*neighbors[0],)] * walker[(*neighbors[1],)]

        # diagonal
        energy = jnp.sum(vmap(z_ene)(jnp.array(lattice.bonds))) + 0.0j

        # spin flips
        def flip(bond):
            neighbors = lattice.get_neighboring_sites(bond)
            i1 = neighbors[0]
            i2 = neighbors[1]

            # s1+ s2-
            new_walker = walker.at[(*i1,)].set(0.5)
            new_walker = new_walker.at[(*i2,)].set(-0.5)
            new_walker_data = wave.build_walker_data(new_walker, parameters, lattice)
            # new_overlap = (
            #     (walker[i1] == -0.5)
            #     * (walker[i2] == 0.5)
            #     * wave.calc_overlap(new_walker, parameters, lattice)
            # )
            new_overlap = new_walker_data["log_overlap"]
            new_sign = self.get_marshall_sign(new_walker, lattice)
            ratio_1 = (
                (walker[(*i1,)] == -0.5)
                * (walker[(*i2,)] == 0.5)
                * jnp.exp(new_overlap - overlap)
                * new_sign
            )

            # s1- s2+
            new_walker = walker.at[(*i1,)].set(-0.5)
            new_walker = new_walker.at[(*i2,)].set(0.5)
            new_walker_data = wave.build_walker_data(new_walker, parameters, lattice)
            # new_overlap = (
            #     (walker[i1] == 0.5)
            #     * (walker[i2] == -0.5)
            #     * wave.calc_overlap(new_walker, parameters, lattice)
            # )
            new_overlap = new_walker_data["log_overlap"]
            new_sign = self.get_marshall_sign(new_walker, lattice)
            ratio_2 = (
                (walker[(*i1,)] == 0.5)
                * (walker[(*i2,)] == -0.5)
                * jnp.exp(new_overlap - overlap)
                * new_sign
            )

            return ratio_1, ratio_2

        ratios = vmap(flip)(jnp.array(lattice.bonds))
        energy += self.j * jnp.sum(jnp.concatenate(ratios)) / 2

        # update walker
        cumulative_ratios = jnp.cumsum(jnp.abs(jnp.concatenate(ratios)))
        weight = 1 / cumulative_ratios[-1]
        new_ind = jnp.searchsorted(
            cumulative_ratios, random_number * cumulative_ratios[-1]
        )


        bond = new_ind % n_bonds
        neighbors = lattice.get_neighboring_sites(jnp.array(lattice.bonds)[bond])
        i1 = neighbors[0]
        i2 = neighbors[1]
        walker = walker.at[(*i1,)].set(-walker[(*i1,)])
        walker = walker.at[(*i2,)].set(-walker[(*i2,)])


        return energy, qp_weight, overlap_gradient, weight, walker, jnp.exp(overlap)
