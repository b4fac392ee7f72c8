# Source: https://github.com/jxucoder/jaxboost/blob/23932c4b77d470f18c0a61cfe894caab9af3fd70/examples/linear_leaf_extrapolation.py
# Title: jaxboost examples/linear_leaf_extrapolation.py (trains LinearLeafTree with jit(value_and_grad))
# Cut: module docstring and main() removed; data generation and train_tree kept as written.
import jax
import jax.numpy as jnp
import optax

from jaxboost.structures import ObliviousTree, LinearLeafTree
from jaxboost.splits import HyperplaneSplit
from jaxboost.routing import soft_routing


def generate_data(key, n_samples=200, noise_std=0.1):
    """Generate simple linear data: y = 2*x + 1 + noise"""
    x = jax.random.uniform(key, (n_samples, 1), minval=0, maxval=5)
    y = 2 * x[:, 0] + 1 + jax.random.normal(key, (n_samples,)) * noise_std
    return x, y


def train_tree(tree, params, x, y, split_fn, routing_fn, n_steps=500, lr=0.1):
    """Train tree with gradient descent."""
    optimizer = optax.adam(lr)
    opt_state = optimizer.init(params)

    @jax.jit
    def loss_fn(params):
        pred = tree.forward(params, x, split_fn, routing_fn)
        return jnp.mean((pred - y) ** 2)

    @jax.jit
    def step(params, opt_state):
        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = optimizer.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return params, opt_state, loss

    for i in range(n_steps):
        params, opt_state, loss = step(params, opt_state)
        if (i + 1) % 100 == 0:
            print(f"  Step {i+1}: loss = {loss:.4f}")

    return params
