# Source: https://github.com/sofiyabogakovskaya/HopfieldAM/blob/1c350b1c968383b54d8d4db5fb0127abb1f9b198/EDITED_Hopfield_tutorial_soneyka.ipynb
# Title: EDITED_Hopfield_tutorial_soneyka.ipynb (dense associative memory trained on MNIST with equinox)
# Cut: code cells only; the model, the Euler integrator, the loss and the filter_jit update step; imports gathered at the top
import equinox as eqx
import jax.numpy as jnp
from jax import random, vmap
from jax.nn import relu, log_softmax


class Hopfield(eqx.Module):
    W: jnp.array
    b: jnp.array

    def __init__(self, N_neurons, key):
        self.W = random.normal(key, (N_neurons, N_neurons)) / jnp.sqrt(N_neurons)
        self.b = jnp.zeros((N_neurons, ))

    def __call__(self, x):
        return (self.W + self.W.T) @ relu(x) / 2 - x + self.b

    def energy(self, x):
        r = relu(x)
        E = (x - self.b) @ r - jnp.sum(r**2) / 2 - r @ (self.W + self.W.T) @ r / 4
        return E


def integrate(model, x, dt, N_steps):
    for _ in range(N_steps):
        x = x + dt*model(x)
    return x


def loss_fn(model, x, y, dt, N_steps, N_classes):
    x_T = integrate(model, x, dt, N_steps)[-N_classes:]
    logits = log_softmax(x_T)
    return -logits[y]


def batch_loss(model, x, y, dt, N_steps, N_classes):
    return jnp.mean(vmap(loss_fn, in_axes=(None, 0, 0, None, None, None))(model, x, y, dt, N_steps, N_classes))


def accuracy(model, x, y, dt, N_steps, N_classes):
    x_T = integrate(model, x, dt, N_steps)[-N_classes:]
    logits = log_softmax(x_T)
    return jnp.argmax(logits) == y


@eqx.filter_jit
def update(model, x, y, opt_state, optimizer, dt, N_steps, N_classes):
    loss, grads = eqx.filter_value_and_grad(batch_loss)(model, x, y, dt, N_steps, N_classes)
    updates, opt_state = optimizer.update(grads, opt_state, model)
    model = eqx.apply_updates(model, updates)
    return model, opt_state, loss
