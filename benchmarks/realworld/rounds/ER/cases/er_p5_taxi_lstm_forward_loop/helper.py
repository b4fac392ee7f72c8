# Source: https://github.com/Qiaoran-M/dsa4212_lstm/blob/b07add28306c7637a0b888a0368fbbb312830792/model/helper.py
# Title: model/helper.py
# Cut: only the activations, the weight initialiser and the loss used by lstm.py kept.
import jax
import jax.numpy as jnp
import numpy as np


def sigmoid(x):
    '''sigmoid activation function'''
    return 1 / (1 + jnp.exp(-x))


def tanh(x):
    '''tanh activation function'''
    return (jnp.exp(x) - jnp.exp(-x)) / (jnp.exp(x) + jnp.exp(-x))


# matrix weight initialization
def init_weights(dim1, dim2=None):
    if dim2 is not None:
        A = np.random.normal(0, 1, size=(dim1, dim2)) / np.sqrt(dim2)
    else:
        A = np.random.normal(0, 1, size=(dim1, 1))
    return A


def mse(Y_true, Y_pred):
    squared_diff = (Y_pred - Y_true) ** 2
    err = np.mean(squared_diff, axis=1)  # N*1
    return np.mean(err)  # scalar
