# Source: https://github.com/forgi86/jax-ident/blob/4c6e06404fc374cefc88120223b7de4a9c2189bb/train_state_space.py
# Title: train_state_space.py
# Cut: data loading (nonlinear_benchmarks Wiener-Hammerstein, scalers, torch DataLoader) replaced by a loader argument; checkpoint saving cut.
import jax
from jax import numpy as jnp
import optax
from statespace import MLP, StateUpdateMLP, BatchedSimulator

batch_size, seq_len, skip, lr, epochs = 32, 1000, 100, 1e-3, 10
nx, ny, nu = 10, 1, 1

f_xu = StateUpdateMLP([16] + [nx])
g_x = MLP([16] + [ny])
model = BatchedSimulator(f_xu, g_x)

x0 = jnp.ones((batch_size, nx))
u = jnp.ones((batch_size, seq_len, nu))
y, params = model.init_with_output(jax.random.key(0), x0, u)


def loss_fn(params, batch_x0, batch_u, batch_y):
    batch_y_hat = model.apply(params, batch_x0, batch_u)
    err = batch_y[:, skip :] - batch_y_hat[:, skip :]
    loss = jnp.mean(err**2)
    return loss


optimizer = optax.adam(learning_rate=lr)
opt_state = optimizer.init(params)
loss_grad_fn = jax.jit(jax.value_and_grad(loss_fn))


def train(train_loader):
    global params, opt_state
    LOSS = []
    batch_x0 = jnp.zeros((batch_size, nx))
    for epoch in range(epochs):
        for idx, (batch_u, batch_y) in enumerate(train_loader):
            loss_val, grads = loss_grad_fn(params, batch_x0, batch_u, batch_y)
            updates, opt_state = optimizer.update(grads, opt_state)
            params = optax.apply_updates(params, updates)
            LOSS.append(loss_val)
            if idx % 100 == 0:
                print("Loss step {}: ".format(idx), loss_val)
    return LOSS
