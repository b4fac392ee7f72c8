# Source: https://github.com/QuantEcon/lecture-jax/blob/a4722af8fca2b30716a53979fe38fabc24855bd4/lectures/ifp_dl.md
# Title: lectures/ifp_dl.md (QuantEcon JAX lectures: policy gradient for the income fluctuation problem)
# Cut: code cells converted to a .py file; markdown, plotting and the training loop body after the gradient cut; the optimizer step of train_network reconstructed to return the state.
import jax
import jax.numpy as jnp
from jax import grad, jit, random
import optax
from functools import partial
from typing import NamedTuple


class CakeEatingModel(NamedTuple):
    γ: float = 1.5
    β: float = 0.96
    R: float = 1.01


def u(c, γ):
    """ Utility function. """
    c = jnp.maximum(c, 1e-10)
    return c**(1 - γ) / (1 - γ)


def forward(
        params: list,         # Network parameters (LayerParams list)
        a: float              # Current asset level
    ):
    σ = jax.nn.selu          # Activation function
    x = jnp.array((a,))      # Make state a 1D array
    # Forward pass through network, without the last step
    for W, b in params[:-1]:
        x = σ(x @ W + b)
    # Complete with sigmoid activation for consumption rate
    W, b = params[-1]
    # Direct output in [0, 0.99] range for stability
    x = jax.nn.sigmoid(x @ W + b) * 0.99
    # Extract and return consumption rate
    consumption_rate = x[0]
    return consumption_rate


@partial(jax.jit, static_argnames=('path_length'))
def compute_lifetime_value(
        params: list,                # Network parameters
        cake_eating_model: tuple,    # Model parameters (γ, β, R)
        path_length: int             # Length of simulation path
    ):
    γ, β, R = cake_eating_model
    initial_a = 1.0

    def update(t, state):
        # Unpack and compute consumption given current assets
        a, value, discount = state
        consumption_rate = forward(params, a)
        c = consumption_rate * a
        # Update loop state and return it
        a = R * (a - c)
        value = value + discount * u(c, γ)
        discount = discount * β
        new_state = a, value, discount
        return new_state

    initial_value, initial_discount = 0.0, 1.0
    initial_state = initial_a, initial_value, initial_discount
    final_a, final_value, discount = jax.lax.fori_loop(
        0, path_length, update, initial_state
    )
    return final_value


def loss_function(params, cake_eating_model, path_length):
    return -compute_lifetime_value(params, cake_eating_model, path_length)


@partial(jax.jit, static_argnames=('config', 'loss_fn'))
def train_network(config, loss_fn, params):
    optimizer = optax.chain(
        optax.clip_by_global_norm(1.0),  # Gradient clipping for stability
        optax.adam(learning_rate=config.learning_rate)
    )
    opt_state = optimizer.init(params)

    def step(i, state):
        params, opt_state = state
        # Compute value and gradients at existing parameterization
        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = optimizer.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return params, opt_state

    return jax.lax.fori_loop(0, config.epochs, step, (params, opt_state))
