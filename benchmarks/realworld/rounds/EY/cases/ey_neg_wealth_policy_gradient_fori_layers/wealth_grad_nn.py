# Source: https://github.com/jbrogueira/advanced_topics_macro_2025/blob/18ceb79c5eab32d12cebabc9ac818ebed5547010/november_17/source/4_wealth_grad_nn.md
# Title: 4_wealth_grad_nn.md (Policy Gradient-Based Deterministic Optimal Savings)
# Cut: code cells converted to a .py file; Model/LayerParams/Config kept, LR schedule replaced by
#      a constant-rate Adam, analytic-solution printouts and plots dropped.
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import random
import optax


class Model(NamedTuple):
    γ: float = 0.2
    β: float = 0.96
    R: float = 1.01


class LayerParams(NamedTuple):
    W: jnp.ndarray     # weights
    b: jnp.ndarray     # biases


class Config:
    seed = 42                    # Seed for network initialization
    epochs = 400                 # No of training epochs
    path_length = 500            # Length of each consumption path
    layer_sizes = 1, 32, 32, 1   # Network layer sizes
    init_lr = 0.001


def initialize_layer(in_dim, out_dim, key):
    s = jnp.sqrt(1.0 / in_dim)
    W = jax.random.normal(key, (in_dim, out_dim)) * s
    b = jnp.zeros((out_dim,))
    return LayerParams(W, b)


def initialize_network(key, layer_sizes):
    params = []
    for i in range(len(layer_sizes) - 1):
        key, subkey = jax.random.split(key)
        layer = initialize_layer(
            layer_sizes[i],      # in dimension for layer
            layer_sizes[i + 1],  # out dimension for layer
            subkey
        )
        params.append(layer)
    return params


def forward(params, w):
    σ = jax.nn.selu          # Activation function
    x = jnp.array((w,))      # Make state a 1D array
    # Forward pass through network, without the last step
    for W, b in params[:-1]:
        x = σ(x @ W + b)
    W, b = params[-1]
    x = jax.nn.sigmoid(x @ W + b) * 0.99  # Direct output in [0, 0.99]
    consumption_rate = x[0]
    return consumption_rate


def u(c, γ):
    """ Utility function. """
    c = jnp.maximum(c, 1e-10)
    return c**(1 - γ) / (1 - γ)


@partial(jax.jit, static_argnames=('path_length'))
def compute_lifetime_value(params, model, path_length):
    γ, β, R = model.γ, model.β, model.R
    initial_w = 1.0

    def update(t, state):
        w, value, discount = state
        consumption_rate = forward(params, w)
        c = consumption_rate * w
        w = R * (w - c)
        value = value + discount * u(c, γ)
        discount = discount * β
        new_state = w, value, discount
        return new_state

    initial_value, initial_discount = 0.0, 1.0
    initial_state = initial_w, initial_value, initial_discount
    final_w, final_value, discount = jax.lax.fori_loop(
        0, path_length, update, initial_state
    )
    return final_value


def loss_function(params, model, path_length):
    return -compute_lifetime_value(params, model, path_length)


model = Model()
optimizer = optax.chain(
    optax.clip_by_global_norm(1.0),
    optax.adam(learning_rate=Config.init_lr)
)
key = random.PRNGKey(Config.seed)
params = initialize_network(key, Config.layer_sizes)
opt_state = optimizer.init(params)

value_history = []
for i in range(Config.epochs):
    loss, grads = jax.value_and_grad(loss_function)(params, model, Config.path_length)
    value_history.append(-loss)
    updates, opt_state = optimizer.update(grads, opt_state)
    params = optax.apply_updates(params, updates)
