# Source: https://github.com/albertaillet/pinc/blob/9d2990c02b6c7705f7928ece03838853a9d5a070/pinc/model.py
# Title: pinc pinc/model.py (MLP forward)
# Cut: kept the parameter initialiser and mlp_forward; the PINC loss terms are reduced to a stub.
from typing import Callable

import jax.numpy as jnp
from jax import Array
from jax.random import normal, split

Params = list[tuple[Array, Array]]
StaticLossArgs = dict


def init_layer_params(in_dim, out_dim, key, last_layer):
    return normal(key, (out_dim, in_dim)) * jnp.sqrt(2 / in_dim), jnp.zeros(out_dim)


def init_mlp_params(dims: list[int], key: Array, skip_layers: list[int]) -> Params:
    """Initialize the parameters of a multi-layer perceptron."""
    input_dim, n_layers = dims[0], len(dims) - 1
    assert all(0 <= i < n_layers for i in skip_layers)
    in_dims = dims[:-1]
    out_dims = [dim - input_dim if i in skip_layers else dim for i, dim in enumerate(dims[1:], 1)]
    keys = split(key, n_layers)
    assert len(in_dims) == len(out_dims) == len(keys)
    return [
        init_layer_params(in_dim, out_dim, key, i == n_layers)
        for i, (in_dim, out_dim, key) in enumerate(zip(in_dims, out_dims, keys), 1)
    ]


def mlp_forward(params: Params, x: Array, activation: Callable[[Array], Array], skip_layers: list[int]) -> Array:
    """Compute the output of the multi-layer perceptron on one data point."""
    _in = x
    for i, (w, b) in enumerate(params[:-1]):
        if i in skip_layers:
            x = jnp.concatenate([x, _in]) / jnp.sqrt(2)  # sqrt(2) seems to not be explained in the paper
        x = activation(w @ x + b)
    w, b = params[-1]
    return w @ x + b



def compute_loss(params: Params, x: Array, static: StaticLossArgs):
    ...  # sdf, curl and eikonal terms built on mlp_forward for one point
