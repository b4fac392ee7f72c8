# Source: https://github.com/tboulet/EcoJAX/blob/5d4b194fedb1e72e43ed6f6de19c4166760265ce/ecojax/models/base_model.py
# Title: EcoJAX ecojax/models/base_model.py (flax BaseModel whose __call__ calls obs_to_encoding)
# Cut: kept imports, the BaseModel class header, obs_to_encoding and __call__; dropped init helpers, process_encoding and the other model classes

from abc import ABC, abstractmethod
from typing import Any, Dict, List, Tuple, Type

import jax
import numpy as np

import flax.linen as nn
from jax import random
import jax.numpy as jnp

from ecojax.spaces import (
    ContinuousSpace,
    DictSpace,
    DiscreteSpace,
    EcojaxSpace,
    ProbabilitySpace,
    TupleSpace,
)
from ecojax.types import ActionAgent, ObservationAgent
from ecojax.utils import jprint

name_activation_fn_to_fn = {
    "relu": nn.relu,
    "sigmoid": nn.sigmoid,
    "tanh": nn.tanh,
    "leaky_relu": nn.leaky_relu,
    "elu": nn.elu,
    "selu": nn.selu,
    "gelu": nn.gelu,
    "swish": nn.swish,
    "identity": lambda x: x,
    "linear": lambda x: x,
    None: lambda x: x,
}


class BaseModel(nn.Module, ABC):
    """The base class for all models. A model is a way to map observations to actions.
    This abstract class subclasses nn.Module, which is the base class for all Flax models.

    For subclassing this class, users need to add the dataclass parameters and implement the obs_to_encoding method.

    Args:
        space_input (EcojaxSpace): the input space of the model
        space_output (EcojaxSpace): the output space of the model
    """

    space_input: EcojaxSpace
    space_output: EcojaxSpace

    @abstractmethod
    def obs_to_encoding(
        self, obs: ObservationAgent, key_random: jnp.ndarray
    ) -> jnp.ndarray:
        """Converts the observation to a vector encoding that can be processed by the model."""
        pass

    def process_encoding(self, x: jnp.ndarray, key_random: jnp.ndarray) -> jnp.ndarray:
        pass  # cut: output heads

    @nn.compact
    def __call__(
        self,
        x: Any,
        key_random: jnp.ndarray,
    ) -> Tuple[jnp.ndarray]:
        """The forward pass of the model. It maps the observation to the output in the right format.

        Args:
            x (Any) : input observation
            key_random (jnp.ndarray): the random key used for any random operation in the forward pass

        Returns:
            Tuple[jnp.ndarray]: a tuple of the requested outputs
        """
        # Convert the observation to a vector encoding
        encoding = self.obs_to_encoding(x, key_random)

        # Return the output in the desired output space
        output = self.process_encoding(encoding, key_random)
        return output
