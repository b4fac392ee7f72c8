# Source: https://github.com/rainx0r/mtrl/blob/f5c121f734823a5fd66642a7fadc52917143184d/mtrl/config/nn.py
# Title: mtrl/config/nn.py (network configs)
# Cut: kept NeuralNetworkConfig and MOOREConfig; other configs dropped.
from dataclasses import dataclass

from mtrl.config.optim import OptimizerConfig

from .utils import Activation, Initializer


@dataclass(frozen=True, kw_only=True)
class NeuralNetworkConfig:
    width: int = 400
    """The number of neurons in the hidden layers."""

    depth: int = 3
    """The number of hidden layers."""

    kernel_init: Initializer = Initializer.HE_UNIFORM
    """The initializer to use for hidden layer weights."""
    # TODO: How to pass arguments to kernel_init

    bias_init: Initializer = Initializer.ZEROS
    """The initializer to use for hidden layer biases."""
    # TODO: How to pass arguments to bias_init

    use_bias: bool = True
    """Whether or not to use bias terms across the network."""

    activation: Activation = Activation.ReLU
    """The activation function to use."""

    optimizer: OptimizerConfig = OptimizerConfig()
    """The optimizer to use for the network."""


@dataclass(frozen=True, kw_only=True)
class MOOREConfig(NeuralNetworkConfig):
    num_tasks: int
    """The number of tasks (used for extracting the task IDs)."""

    num_experts: int = 4
    """The number of orthogonal experts."""
    # Original values are 4 for MT10 and 6 for MT50
