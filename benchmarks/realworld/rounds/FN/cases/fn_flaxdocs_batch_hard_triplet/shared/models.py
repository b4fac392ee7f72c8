# Source: https://github.com/mlnomadpy/flaxdocs/blob/1eda4a34032021b2acff2e907bbf6de6762d169b/examples/shared/models.py
# Title: examples/shared/models.py -- "Shared model architectures for Flax NNX examples."
# Cut: CNN and the other shared models cut; MLP kept (its long docstrings shortened).
import jax
import jax.numpy as jnp
from flax import nnx
from typing import Optional


class MLP(nnx.Module):
    """Multi-layer perceptron with configurable hidden layers."""
    
    def __init__(
        self,
        in_features: int,
        hidden_features: int,
        out_features: int,
        n_layers: int,
        rngs: nnx.Rngs,
        activation: str = "relu"
    ):
        self.activation = activation

        # Build layers list
        layers_list = []

        # Input layer
        layers_list.append(nnx.Linear(in_features, hidden_features, rngs=rngs))

        # Hidden layers
        for _ in range(n_layers - 1):
            layers_list.append(nnx.Linear(hidden_features, hidden_features, rngs=rngs))

        # Use nnx.List for proper pytree handling
        self.layers = nnx.List(layers_list)

        # Output layer
        self.output = nnx.Linear(hidden_features, out_features, rngs=rngs)

    def __call__(self, x, train: bool = False):
        """Forward pass through the MLP."""
        # Forward through hidden layers with activation
        for layer in self.layers:
            x = layer(x)
            if self.activation == "relu":
                x = nnx.relu(x)
            elif self.activation == "gelu":
                x = nnx.gelu(x)

        # Output layer (no activation)
        x = self.output(x)
        return x
