# Source: https://github.com/jeh15/quadruped/blob/78f92455183c24e35d1f8242e36b7948e53dcac4/src/networks.py
# Title: src/networks.py (jeh15/quadruped)
# Cut: kept MLP and make_policy_network; dropped the value network and custom types import.
import dataclasses

from typing import Any, Callable, Sequence

import jax
import jax.numpy as jnp
from flax import linen as nn

ActivationFn = Callable[[jnp.ndarray], jnp.ndarray]
Initializer = Callable[..., Any]


@dataclasses.dataclass
class FeedForwardNetwork:
    init: Callable[..., Any]
    apply: Callable[..., Any]


class MLP(nn.Module):
    layer_sizes: Sequence[int]
    activation: ActivationFn = nn.tanh
    kernel_init: Initializer = jax.nn.initializers.lecun_uniform()
    activate_final: bool = False
    bias: bool = True
    layer_normalization: bool = False

    @nn.compact
    def __call__(self, x: jax.Array):
        for i, layer_size in enumerate(self.layer_sizes):
            x = nn.Dense(
                features=layer_size,
                kernel_init=self.kernel_init,
                use_bias=self.bias,
                name=f"dense_{i}",
            )(x)
            if i != len(self.layer_sizes) - 1 or self.activate_final:
                x = self.activation(x)
                if self.layer_normalization:
                    x = nn.LayerNorm(name=f"layer_norm_{i}")(x)
        return x


def make_policy_network(
    input_size: int,
    output_size: int,
    input_normalization_fn=lambda x, p: x,
    layer_sizes: Sequence[int] = (256, 256),
    activation: ActivationFn = nn.tanh,
    kernel_init: Initializer = jax.nn.initializers.lecun_uniform(),
    bias: bool = True,
    layer_normalization: bool = False,
) -> FeedForwardNetwork:
    """Intializes a policy network."""
    policy_network = MLP(
        layer_sizes=list(layer_sizes) + [output_size],
        activation=activation,
        kernel_init=kernel_init,
        bias=bias,
        layer_normalization=layer_normalization,
    )

    def apply(normalization_params, policy_params, x):
        x = input_normalization_fn(x, normalization_params)
        return policy_network.apply(policy_params, x)

    dummy_input = jnp.zeros((1, input_size))
    return FeedForwardNetwork(
        init=lambda key: policy_network.init(key, dummy_input), apply=apply,
    )
