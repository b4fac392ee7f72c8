# Source: https://github.com/ChristianOrr/feature-attribution-methods-jax/blob/bdea6ad80da4350e6ffb9753767f345193bdf13d/gradients.ipynb
# Title: gradients.ipynb (model and training cells)
# Cut: code cells 1, 4, 6, 8, 10 and 11 converted to a script; the dataset download cell is replaced
#      by reading train.csv directly and the tabulate print is dropped.
import numpy as np
import pandas as pd
import jax.numpy as jnp
import flax.linen as nn
import jax
from jax import random
from jax import grad
import optax

data_df = pd.read_csv('./digit-recognizer/train.csv')
val_size = 1000
m, n = data_df.shape
Y = jnp.array(data_df["label"])
data_df = data_df.drop("label", axis=1)
X = jnp.array(data_df)


X_train = X[val_size:]
X_train = X_train / 255.
Y_train = Y[val_size:]

X_val = X[:val_size]
X_val = X_val / 255.
Y_val = Y[:val_size]
class _forward_fn(nn.Module):

    @nn.compact
    def __call__(self, x):
        batch_size = x.shape[0]
        # Unflatten for the convolution layers
        x = x.reshape(batch_size, 28, 28, 1)
        mlp = nn.Sequential([
            nn.Conv(features=16, kernel_size=(3, 3), padding="VALID", use_bias=False), jax.nn.relu,
            nn.Conv(features=32, kernel_size=(3, 3), padding="VALID", use_bias=False), jax.nn.relu,       
        ])
        x = mlp(x)
        x = x.reshape((batch_size, -1))
        x = nn.Dense(10)(x)
        return jax.nn.softmax(x)

# Create the model object
forward_fn = _forward_fn()
# Display the model details
dummy_x = X_train[:5]
rng_key = random.PRNGKey(64)
initial_params = forward_fn.init(rng_key, dummy_x)
def loss_fn(params, X, Y):
    logits = forward_fn.apply(params, X)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, Y)
    loss = loss.mean()
    return loss

def update_params(params, opt_state, X, Y, optimizer):
    grads = grad(loss_fn, argnums=0)(params, X, Y)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, opt_state
def get_predictions(logits):
    return jnp.argmax(logits, axis=1)

def get_accuracy(predictions, Y):
    return jnp.mean(predictions == Y)

def gradient_descent(X, Y, batch_size, optimizer, epochs):
    dataset_size = len(X)
    steps_per_epoch = dataset_size // batch_size

    rng = jax.random.PRNGKey(42)
    params = forward_fn.init(rng, X[0: batch_size, :])
    opt_state = optimizer.init(params)
    for epoch in range(epochs):
        dataset_step = epoch % steps_per_epoch
        dataset_index = dataset_step * batch_size
        input = X[dataset_index: dataset_index + batch_size, :]
        label = Y[dataset_index: dataset_index + batch_size, ...]

        params, opt_state = update_params(params, opt_state, input, label, optimizer)
        if epoch % 10 == 0:
            print("Epochs: ", epoch)
            logits = forward_fn.apply(params, input)
            predictions = get_predictions(logits)
            print(get_accuracy(predictions, label))
    return params
optimizer = optax.adam(learning_rate=0.001)

params = gradient_descent(X_train, Y_train, 1000, optimizer, 200)
