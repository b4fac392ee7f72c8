# Source: https://github.com/niklasschmitz/sdf_jax/blob/06503573893fa63d8272e793600d55c23bf1805d/experiments/models.py
# Title: experiments/models.py (sdf_jax)
# Cut: only IGRModel and softplus kept (MLP, hash-encoding and IDF models cut).
import numpy as np
import jax
import jax.numpy as jnp
import jax.random as jrandom
import treex as tx
from typing import Callable, List


def softplus(x, beta=100):
    return jnp.logaddexp(beta*x, 0) / beta

class IGRModel(tx.Module):
    hidden_layers: List[tx.Linear]
    final_layer: tx.Linear
    def __init__(self, input_dim: int, depth: int, hidden: int, act: Callable=softplus, radius_init=1.0):
        self.input_dim = input_dim
        self.depth = depth
        self.hidden = hidden
        self.act = act
        self.radius_init = radius_init
        hidden_layers = []
        for i in range(self.depth):
            h = self.hidden - self.input_dim if i == 2 else self.hidden
            layer = tx.Linear(
                h,
                kernel_init=jax.nn.initializers.normal(np.sqrt(2) / np.sqrt(h)),
                bias_init=jax.nn.initializers.constant(0.0),
            )
            hidden_layers += [layer]
        self.hidden_layers = hidden_layers
        self.final_layer = tx.Linear(1, bias_init=jax.nn.initializers.constant(-self.radius_init))

    def __call__(self, x):
        assert x.ndim == 1
        x = 2*x - 1.0
        y = x
        for (i, layer) in enumerate(self.hidden_layers):
            if i + 1 == 4:
                y = jnp.concatenate([y, x])
            y = layer(y)
            y = self.act(y)
        y = self.final_layer(y)
        y = y / 2.0
        return y[0]
