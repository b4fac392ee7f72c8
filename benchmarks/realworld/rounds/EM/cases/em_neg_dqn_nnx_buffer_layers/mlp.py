# Source: https://github.com/azimi99/JAX-RL/blob/31fee57dfe6ae755ae9dd886fe54c1deccfddf0c/DQN/src/dqn/networks/mlp.py
# Title: DQN/src/dqn/networks/mlp.py
# Cut: the __main__ smoke test cut
import jax
import jax.numpy as jnp

from flax import nnx
from typing import Any, Callable, List


class MLP(nnx.Module):
    def __init__(self, 
                in_dim: int,
                hidden_dims: tuple[int,...],
                out_dim: int, 
                rngs: nnx.Rngs, 
                activation_fn: Callable = nnx.relu):
        dims = (in_dim, *hidden_dims, out_dim)
        self.activation_fn = activation_fn
        self.layers = [nnx.Linear(dims[i], dims[i+1], rngs=rngs) for i in range(len(dims) - 1)]
        
    def __call__(self, x) -> jnp.ndarray:
        
        for layer in self.layers[:-1]:
            x = layer(x)
            x = self.activation_fn(x)
        x = self.layers[-1](x)
        return x
