# Source: https://github.com/sofiyabogakovskaya/HopfieldAM/blob/1c350b1c968383b54d8d4db5fb0127abb1f9b198/EDITED_Hopfield_tutorial_soneyka.ipynb
# Title: EDITED_Hopfield_tutorial_soneyka.ipynb (dense associative memory trained on MNIST with equinox)
# Cut: code cells only; data loading, the epoch loop and the trajectory cell; plotting kept short
import equinox as eqx
import jax.numpy as jnp
import optax
from jax import random, vmap
from numpy import genfromtxt

from hopfield_model import Hopfield, update, accuracy


def load_data(batch_size):
    my_data = genfromtxt('/content/sample_data/mnist_test.csv', delimiter=',')
    features = jnp.array(my_data[:, 1:], dtype=jnp.float32) / 255.0
    targets = jnp.array(my_data[:, 0], dtype=jnp.int32)

    num_samples = features.shape[0]
    num_batches = num_samples // batch_size

    features = features[: num_batches * batch_size].reshape(num_batches, batch_size, -1)
    targets = targets[: num_batches * batch_size].reshape(num_batches, batch_size)

    return list(zip(features, targets))


def train(epochs=1000, learning_rate=1e-3, batch_size=64, dt=1e-2, N_steps=100, N_classes=10):
    key = random.PRNGKey(33)
    data_batches = load_data(batch_size)
    model = Hopfield(data_batches[0][0].shape[1], key)
    optimizer = optax.adam(learning_rate)
    opt_state = optimizer.init(eqx.filter(model, eqx.is_array))

    for epoch in range(epochs):
        for x, y in data_batches:
            model, opt_state, loss = update(model, x, y, opt_state, optimizer, dt, N_steps, N_classes)
        acc = jnp.mean(vmap(accuracy, in_axes=(None, 0, 0, None, None, None))(model, x, y, dt, N_steps, N_classes))
        print(f"Epoch {epoch+1}, Loss: {loss:.4f}, Accuracy: {acc:.4f}")

    return model, data_batches


model, data_batches = train(epochs=3)


def integrate_trajectory(model, x, dt, N_steps):
    trajectory = [x, ]
    for _ in range(N_steps):
        x = x + dt*model(x)
        trajectory.append(x)
    return jnp.stack(trajectory)


dt = 1e-2
N_steps = 100
batch_trajectory = vmap(integrate_trajectory, in_axes=(None, 0, None, None))(model, data_batches[0][0], dt, N_steps)
E = vmap(vmap(model.energy))(batch_trajectory)
