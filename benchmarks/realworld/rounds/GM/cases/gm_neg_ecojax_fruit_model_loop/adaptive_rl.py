# Source: https://github.com/tboulet/EcoJAX/blob/f233c97f13d2f98d8afcbeb261953bf1e68c9c8b/ecojax/agents/adaptive_rl.py
# Title: ecojax/agents/adaptive_rl.py (adaptive RL agent species: per-fruit value model averaged into action logits)
# Cut: kept the nested ModelFruitAverager.obs_to_encoding (flax model called under jit/vmap by the agent species); the surrounding
#      __init__ is reduced to the attributes it reads; the rest of the species dropped.
from copy import deepcopy
from typing import Dict, List, Tuple

import jax.numpy as jnp
from jax import random

from ecojax.models.base_model import BaseModel
from ecojax.models.mlp import MLP
from ecojax import spaces


class AdaptiveRLAgentSpecies:
    def make_model(self, model_class, config_model, S):
        class ModelFruitAverager(BaseModel):
            """The model of the agent, that will average the fruit values to obtain the logits of the actions.

            Args:
                space_input (spaces.DictSpace): the input space of the model
                space_output (spaces.ContinuousSpace): the output space of the model
            """

            space_input: spaces.DictSpace
            space_output: spaces.ContinuousSpace

            def obs_to_encoding(
                self_averager: "ModelFruitAverager",
                x: Dict[str, jnp.ndarray],
                key_random: jnp.ndarray,
            ) -> Tuple[jnp.ndarray]:

                # 1) Compute the values of the fruits and the global value (sum of the values of the fruits)
                id_fruit_to_map_fruit_i_value = {}
                map_global_value = jnp.zeros((S, S))
                table_value_fruits = x["table_value_fruits"]
                for id_fruit in range(4):
                    idx_channel_fruit_i = self.list_channels_visual_field.index(
                        f"fruits_{id_fruit}"
                    )
                    map_fruit_i_value = (
                        table_value_fruits[id_fruit]
                        * x["visual_field"][:, :, idx_channel_fruit_i]
                    )
                    id_fruit_to_map_fruit_i_value[id_fruit] = map_fruit_i_value
                    map_global_value += map_fruit_i_value

                # 2) Create each fruit-obs for each fruit
                list_x_fruit = []
                for id_fruit in range(4):

                    # Compute fruit-obs for each fruit
                    x_fruit: Dict[str, jnp.ndarray] = {}
                    # Compute fruit-visual_field for each fruit
                    visual_field = x["visual_field"]
                    visual_field_fruit_i = jnp.zeros((S, S, self.C_input_fruit_model))
                    j = 0
                    for i, name_channel in enumerate(self.list_channels_visual_field):
                        # Add the non-fruit related channels
                        if not name_channel.startswith("fruits_"):
                            visual_field_fruit_i = visual_field_fruit_i.at[:, :, j].set(
                                visual_field[:, :, i]
                            )
                            j += 1
                        # Add the fruit presence channel
                        if name_channel == f"fruits_{id_fruit}":
                            if self.do_include_fruit:
                                visual_field_fruit_i = visual_field_fruit_i.at[
                                    :, :, j
                                ].set(visual_field[:, :, i])
                                j += 1
                    # Add global value channel
                    if self.do_include_value_global:
                        visual_field_fruit_i = visual_field_fruit_i.at[:, :, j].set(
                            map_global_value
                        )
                        j += 1
                    # Add fruit value channel
                    if self.do_include_value_fruit:
                        visual_field_fruit_i = visual_field_fruit_i.at[:, :, j].set(
                            id_fruit_to_map_fruit_i_value[id_fruit]
                        )
                        j += 1
                    x_fruit["visual_field"] = visual_field_fruit_i

                    # Add novelty hunger scalar
                    if self.do_include_novelty_hunger:
                        x_fruit["novelty_hunger"] = x["novelty_hunger"][id_fruit]

                    # Add values of other fruits
                    if self.do_include_values_other_fruits:
                        for id_fruit_other in range(4):
                            x_fruit[f"value_fruit_{id_fruit_other}"] = (
                                table_value_fruits[id_fruit_other]
                            )

                    # Add id_fruit
                    if self.do_include_id_fruit:
                        for id_fruit_other in range(4):
                            x_fruit[f"is_fruit_{id_fruit_other}"] = jnp.array(
                                int(id_fruit_other == id_fruit)
                            )

                    # Add other scalars
                    for name_obs, component_obs in x.items():
                        if not name_obs in [
                            "visual_field",
                            "novelty_hunger",
                            "table_value_fruits",
                        ]:
                            x_fruit[name_obs] = component_obs

                    # Add the fruit to the list
                    list_x_fruit.append(x_fruit)

                # 3) Apply the fruit model to each fruit-obs
                list_encoding_fruit = []
                if self.do_use_different_model_fruit:
                    # Create one fruit model for each fruit
                    for id_fruit, x_fruit in enumerate(list_x_fruit):
                        key_random, subkey = random.split(key_random)
                        config_model_fruit_i = deepcopy(config_model)
                        config_model_fruit_i["name"] = f"{config_model['name']}_fruit_{id_fruit}"
                        encoding_fruit = model_class(
                            space_input=self.space_observation_individual_fruit,
                            space_output=spaces.ContinuousSpace(
                                shape=(self.n_actions,)
                            ),  # TODO : change this to arbitrary (k,) shape
                            **config_model_fruit_i,
                        )(x=x_fruit, key_random=subkey)
                        list_encoding_fruit.append(encoding_fruit)
                else:
                    # Create one fruit model for all fruits
                    model_fruit = model_class(
                        space_input=self.space_observation_individual_fruit,
                        space_output=spaces.ContinuousSpace(
                            shape=(self.n_actions,)
                        ),  # TODO : change this to arbitrary (k,) shape
                        **config_model,
                    )
                    for x_fruit in list_x_fruit:
                        key_random, subkey = random.split(key_random)
                        encoding_fruit = model_fruit(x=x_fruit, key_random=subkey)
                        list_encoding_fruit.append(encoding_fruit)
                    
                # 4) Apply the decision model, or average the fruit encodings
                if self.do_use_decision_model:
                    # Concatenate the fruit encodings and apply the decision model
                    encoding = jnp.concatenate(list_encoding_fruit, axis=-1)
                    encoding = MLP(
                        **self.config["decision_model_config"],
                        n_output_features=self.n_actions,
                    )(encoding)
                    return encoding
                else:
                    # Average the fruit encodings
                    encoding = (
                        list_encoding_fruit[0]
                        + list_encoding_fruit[1]
                        + list_encoding_fruit[2]
                        + list_encoding_fruit[3]
                    ) / 4
                    return encoding

        return ModelFruitAverager
