# Source: https://github.com/salinelake/OpenFerro/blob/db544d28f121865e98d470ceef673ee316185131/openferro/system.py
# Title: openferro/system.py (System.update_force_from_self_interaction / _mutual_interaction)
# Cut: triple interactions and the rest of System cut.
import logging
from time import time as timer

import jax


class System:
    def update_force_from_self_interaction(self, profile=False):
        """
        update the gradient force felt by each field from self interactions.
        """
        for interaction_ID in self._self_interaction_dict:
            if profile:
                t0 = timer()
            interaction = self._self_interaction_dict[interaction_ID]
            field = self.get_field_by_ID(interaction.field_ID)
            force = interaction._accumulate_force(field, field.get_force())
            field.set_force(force)
            if profile:
                jax.block_until_ready(field.get_force())
                logging.info('Time for updating force from {}: {:.8f}s'.format(interaction_ID, timer()-t0))
        return

    def update_force_from_mutual_interaction(self, profile=False):
        """
        update the gradient force felt by each field from mutual interactions.
        """
        for interaction_ID in self._mutual_interaction_dict:
            if profile:
                t0 = timer()
            interaction = self.get_interaction_by_ID(interaction_ID)
            field1 = self.get_field_by_ID(interaction.field_1_ID)
            field2 = self.get_field_by_ID(interaction.field_2_ID)
            force1, force2 = interaction._accumulate_force(
                field1, field2, field1.get_force(), field2.get_force()
            )
            field1.set_force(force1)
            field2.set_force(force2)
            if profile:
                jax.block_until_ready(field2.get_force())
                logging.info('Time for updating force from {}: {:.8f}s'.format(interaction_ID, timer()-t0))
        return
