# Source: https://github.com/jxucoder/jaxboost/blob/23932c4b77d470f18c0a61cfe894caab9af3fd70/examples/differentiable_tree_demo.py
# Title: jaxboost examples/differentiable_tree_demo.py (Demo 4: end-to-end learning)
# Cut: demos 1-3 and 5 and the printing after training removed; demo_learning kept up to the training loop.
import jax
import jax.numpy as jnp
import optax

from jaxboost import (
    AxisAlignedSplit,
    AxisAlignedSplitParams,
    ObliviousTree,
    ObliviousTreeParams,
    mse_loss,
    soft_routing,
)



def demo_learning():
    """Demo 4: End-to-end learning."""

    key = jax.random.PRNGKey(0)

    # Simple XOR-like problem
    X = jnp.array([
        [-1, -1],
        [-1,  1],
        [ 1, -1],
        [ 1,  1],
    ], dtype=jnp.float32)

    # XOR: output 1 if signs differ
    y = jnp.array([0., 1., 1., 0.])


    # Initialize tree
    split_fn = AxisAlignedSplit()
    tree = ObliviousTree()
    params = tree.init_params(key, depth=2, num_features=2, split_fn=split_fn)

    # Optimizer
    optimizer = optax.adam(0.1)
    opt_state = optimizer.init(params)

    def loss_fn(params):
        preds = tree.forward(params, X, split_fn, soft_routing)
        return mse_loss(preds, y)

    @jax.jit
    def train_step(params, opt_state):
        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = optimizer.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return params, opt_state, loss


    for epoch in range(201):
        params, opt_state, loss = train_step(params, opt_state)
