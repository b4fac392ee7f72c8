# Source: https://pypi.org/project/nexusim/0.2.0/ (sdist nexusim-0.2.0.tar.gz, src/nexus/simulator/spatial/mesh/mesh.py)
# Title: src/nexus/simulator/spatial/mesh/mesh.py (spatial mesh of chemical fields)
# Cut: kept the reaction set-up in __init__ and the reaction part of step(); diffusion, flux and cell cycling dropped. The constructor signature and the config access are simplified (the original reads cfg["reaction"] by name, with reactant/product exponents).
import jax
import jax.numpy as jnp

from nexus.simulator.spatial.layers.chemical import (
    calc_reaction_change,
    calc_zero_order,
    calc_first_order,
    calc_second_order,
)
from nexus.simulator.spatial.models.reaction import Reaction


class Mesh:
    def __init__(self, cfg, field_id, field_chem, field_keys, delta):
        self.field_id = field_id            # (n_fields,)
        self.field_chem = field_chem        # (n_fields, n_chemicals, 1)
        self.field_keys = field_keys        # (n_fields, 2) PRNG keys
        self.delta = delta
        self.chem_names = cfg.chemicals
        self.reaction_bool = len(cfg.reactions) > 0
        if self.reaction_bool:
            self.reaction_order = []
            self.reactions = []
            self.reaction_matrix = []
            for id, reaction_i in enumerate(cfg.reactions):
                reaction_i_obj = Reaction(
                    id=id,
                    k=reaction_i.rate_coeff,
                    reactants=reaction_i.reactants,
                    products=reaction_i.products,
                    reactants_exp=reaction_i.reactants_exp,
                    products_exp=reaction_i.products_exp,
                    name=reaction_i.name,
                    order=reaction_i.order,
                    chemicals=self.chem_names,
                )
                self.reaction_order.append(reaction_i_obj.order)
                self.reactions.append(reaction_i_obj)
                self.reaction_matrix.append(reaction_i_obj._generate_reaction_matrix())
            self.n_reactions = len(self.reactions)
            self.reaction_order = jnp.array(self.reaction_order)
            self.reaction_matrix = jnp.array(self.reaction_matrix)
            self.reaction_prob = jnp.zeros((self.n_reactions,))

            ## JIT and Vec functions

            self.reaction_change_vec = jax.vmap(
                calc_reaction_change,
                in_axes=(None, 0, None, 0, None, 0, None, None, None, None, None),
            )

    def step(self, step_i: int, logger=None):
        # Perform reactions
        if self.reaction_bool:
            field_keys_i, chem_mass_i = self.reaction_change_vec(
                step_i,
                self.field_id,
                logger,
                self.field_keys,
                self.n_reactions,
                self.field_chem,
                self.delta,
                (calc_zero_order, calc_first_order, calc_second_order),
                self.reaction_prob,
                self.reaction_matrix,
                self.reaction_order,
            )
            self.field_chem = chem_mass_i
            self.field_keys = field_keys_i
