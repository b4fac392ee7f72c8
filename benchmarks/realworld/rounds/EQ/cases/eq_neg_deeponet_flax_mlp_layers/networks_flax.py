# Source: https://github.com/dtu-act/deeponet-acoustic-wave-prop/blob/be01e586559c5f5f460f13d17efdcb670211eadb/deeponet_acoustics/models/networks_flax.py
# Title: deeponet_acoustics/models/networks_flax.py (SIREN-style MLP for branch/trunk nets)
# Cut: only MLP kept; sinusoidal_init reduced to a uniform initializer; enum field dropped.
from dataclasses import dataclass
from typing import Callable

import jax.numpy as jnp
from flax import linen as nn


def sinusoidal_init(is_first=False):
    return nn.initializers.uniform()

@dataclass
class MLP(nn.Module):
    layers: list[int]
    angular_freq: float = 30  # angular frequency for inputs to first layer
    activation: Callable = jnp.sin
    kernel_init: Callable = sinusoidal_init
    tag: str = "<undef>"

    @nn.compact
    def __call__(self, inputs, output_layer_indx=-1):
        x = inputs

        # Note: arr[0:n] is outputting n elements where the last element has value n-1.
        #       Hence we are returning the output after the _hidden_ layer (not counting the input layer)
        #       at position output_layer_indx-1 after applying the activation function (unless last layer)
        for i, feat in enumerate(self.layers[0:output_layer_indx]):
            if i == 0:
                x = nn.Dense(
                    features=self.layers[0],
                    kernel_init=self.kernel_init(True),
                    name=f"linear_{self.tag}_0",
                )(self.angular_freq * x)
                x = self.activation(x)
            else:
                x = nn.Dense(
                    features=feat,
                    kernel_init=self.kernel_init(),
                    name=f"linear_{self.tag}_{i}",
                )(x)
                x = self.activation(x)

        if output_layer_indx == -1:
            # output layer (no activation)
            x = nn.Dense(
                features=self.layers[-1],
                kernel_init=self.kernel_init(),
                name=f"linear_{self.tag}_{len(self.layers) - 1}",
            )(x)

        return x

