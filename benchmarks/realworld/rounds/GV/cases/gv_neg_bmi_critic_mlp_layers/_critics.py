# Source: https://github.com/cbg-ethz/bmi/blob/6c569b93f966dbdf53d4eb3fc287c791d87f2cd2/src/bmi/estimators/neural/_critics.py
# Title: bmi: module with neural networks used as critics
# Cut: docstring shortened; Point alias inlined.
from typing import Sequence

import equinox as eqx
import jax
import jax.numpy as jnp


class MLP(eqx.Module):
    """Multi-layer perceptron with ReLU layers."""

    layers: list

    def __init__(
        self,
        key: jax.Array,
        dim_x: int,
        dim_y: int,
        hidden_layers: Sequence[int] = (5,),
    ) -> None:
        key_final, key_hidden = jax.random.split(key)
        keys_hidden = jax.random.split(key_hidden, len(hidden_layers))

        dims = [dim_x + dim_y] + list(hidden_layers)

        self.layers = []
        for dim_in, dim_out, key in zip(dims, dims[1:], keys_hidden):
            self.layers.append(eqx.nn.Linear(dim_in, dim_out, key=key))

        self.layers.append(eqx.nn.Linear(dims[-1], 1, key=key_final))

    def __call__(self, x, y) -> jax.Array:
        z = jnp.concatenate([x, y])

        for layer in self.layers[:-1]:
            z = layer(z)
            z = jax.nn.relu(z)

        # last layer without activation
        z = self.layers[-1](z)

        return z[..., 0]  # return scalar
