# Source: https://github.com/leonlenk/JAX-NTM/blob/b4bc04e8fefaa4e94dd7ff0b7b93b741f2409249/Training/Backbones/Transformer.py
# Title: Training/Backbones/Transformer.py (transformer controller with NTM memory, copy task)
# Cut: kept the config dataclass, the training config's __init__ (vmap of run_model) and
#      run_model; _init_models and the __main__ experiment driver dropped. The loss that
#      differentiates _batched_run_model lives in Common/TrainingInterfaces.py (not copied).
from dataclasses import dataclass
from typing import Callable, Type

import jax
import jax.numpy as jnp
import optax
from flax.training import train_state

from Backbones.Transformer import TransformerModel
from Common import globals
from Common.ControllerInterface import ControllerInterface
from Common.MemoryInterface import MemoryInterface
from Common.TrainingInterfaces import ModelConfigInterface, TrainingConfigInterface


@dataclass
class TransformerConfig(ModelConfigInterface):
    learning_rate: float
    optimizer: Callable
    memory_class: Type[MemoryInterface]
    backbone_class: Type[TransformerModel]
    read_head_class: Type[ControllerInterface]
    write_head_class: Type[ControllerInterface]
    memory_M: int
    memory_N: int
    num_layers: int
    num_heads: int
    dim_ff: int
    max_sequence_len: int
    random_seed: int
    hidden_dim: int

    def __post_init__(self):
        self.prng_key = jax.random.key(self.random_seed)


class TransformerTrainingConfig(TrainingConfigInterface):
    model_config: TransformerConfig

    def __init__(self, model_config: TransformerConfig) -> None:
        self.model_config = model_config
        self.model, self.model_state, self.memory_model = self._init_models()
        self._batched_run_model = jax.vmap(
            self.run_model, in_axes=(None, 0, None, None)
        )

    def run_model(self, model_params, data, output_shape, memory_width):
        # initial values
        read_previous = (
            jnp.zeros((model_config.num_layers, memory_width)).at[:, 0].set(1)
        )
        write_previous = (
            jnp.zeros((model_config.num_layers, memory_width)).at[:, 0].set(1)
        )
        memory_weights = jnp.zeros(
            (model_config.num_layers, memory_width, model_config.memory_M)
        )

        # processing loop
        for sequence in range(1, data.shape[0] + 1):
            self.memory_model.update_step(input_index=sequence - 1, output_index=None)
            (
                output,
                memory_weights,
                read_previous,
                write_previous,
            ) = self.model_state.apply_fn(
                {globals.JAX.PARAMS: model_params},
                data[:sequence],
                memory_weights,
                read_previous,
                write_previous,
                self.memory_model,
            )

        # prediciton loop
        output = jnp.empty(output_shape)
        prediction_input = jnp.zeros((1,) + output_shape[1:])
        for sequence in range(output_shape[0]):
            self.memory_model.update_step(input_index=None, output_index=sequence)
            (
                sequence_output,
                memory_weights,
                read_previous,
                write_previous,
            ) = self.model_state.apply_fn(
                {globals.JAX.PARAMS: model_params},
                prediction_input,
                memory_weights,
                read_previous,
                write_previous,
                self.memory_model,
            )
            prediction_input = sequence_output
            output = output.at[sequence].set(sequence_output[-1])
            self.memory_model.add_output(
                output_vector=sequence_output[-1],
                index=sequence,
                memory_weights=memory_weights[0],
            )
        return output
