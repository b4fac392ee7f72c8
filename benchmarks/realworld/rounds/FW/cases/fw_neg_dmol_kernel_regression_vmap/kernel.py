# Source: https://github.com/whitead/dmol-book/blob/34ff3fcfdc426b00f1e0f7851b8f9a6075c50b67/ml/kernel.ipynb
# Title: Deep Learning for Molecules and Materials (A. White), "Kernel Learning" chapter
# Cut: code cells 7-15 (kernel, vmapped dual-form model, jitted loss, minibatch training loop); data loading replaced by the random arrays below, plotting omitted
import jax
import jax.numpy as jnp
import numpy as np

train_x = np.random.normal(size=(8000, 17))
train_y = np.random.normal(size=8000)
test_x = np.random.normal(size=(2000, 17))
test_y = np.random.normal(size=2000)


def kernel(x1, x2):
    return jnp.sqrt(jnp.mean((x1 - x2) ** 2))
def model(x, train_x, w, b):
    # make vectorized version of kernel
    vkernel = jax.vmap(kernel, in_axes=(None, 0), out_axes=0)
    # compute kernel with all training data
    s = vkernel(x, train_x)
    # dual form
    yhat = jnp.dot(s, w) + b
    return yhat


# make batched version that can handle multiple xs
batch_model = jax.vmap(model, in_axes=(0, None, None, None), out_axes=0)
@jax.jit
def loss(w, b, train_x, x, y):
    return jnp.mean((batch_model(x, train_x, w, b) - y) ** 2)


loss_grad = jax.grad(loss, (0, 1))


eta = 1e-5
batch_size = 32
epochs = 10


# reshape into batches
batch_num = train_x.shape[0] // batch_size
# first truncate data so it's whole nubmer of batches
trunc = batch_num * batch_size
train_x = train_x[:trunc]
train_y = train_y[:trunc]
# split into batches
x_batches = train_x.reshape(-1, batch_size, train_x.shape[-1])
y_batches = train_y.reshape(-1, batch_size)


# make trainable parameters
# w = np.random.normal(scale = 1e-30, size=train_x.shape[0])
w = np.zeros(train_x.shape[0])
b = np.mean(train_y)  # just set to mean, since it's a good first guess
loss_progress = []
test_loss_progress = []

for _ in range(epochs):
    # go in random order
    for i in np.random.randint(0, batch_num - 1, size=batch_num):
        # update step
        x = x_batches[i]
        y = y_batches[i]
        loss_progress.append(loss(w, b, train_x, x, y))
        test_loss_progress.append(loss(w, b, train_x, test_x, test_y))
        grad = loss_grad(w, b, train_x, x, y)
        w -= eta * grad[0]
        b -= eta * grad[1]
