# Source: https://github.com/sharadmv/deepx/blob/07470e7a579a63427de1d5ff90b9fd00d3f54b61/examples/jax/lstm.py
# Title: examples/jax/lstm.py (deepx LSTM trained with jax.experimental.optimizers)
# Cut: the `LSTM(4, 50) >> Repeat(LSTM(200), 2) >> Softmax(2)` network is reduced to one LSTM
#      layer plus a readout written out here; data stream and update step are the original.
import itertools
import numpy.random as npr

import jax.numpy as np
from jax import jit, grad
from jax.experimental import optimizers

from lstm import LSTM

num_epochs = 100
N = 1000
step_size = 1e-2
batch_size = 50
H = 50

net = LSTM(4, 50)

X = npr.normal(size=[N, H, 4])
Y = np.concatenate([np.zeros(N)[..., None], np.ones(N)[..., None]], -1)


def net_apply(params, X):
    h = net.forward(X, params=params['lstm'])
    return np.dot(h, params['W_out'])


@jit
def loss(params, data):
    X, Y = data
    Y_ = net_apply(params, X)[:, -1]
    return -np.mean(np.sum(Y * (Y_ - np.log(np.sum(np.exp(Y_), -1, keepdims=True))), -1))


num_train = X.shape[0]
num_complete_batches, leftover = divmod(num_train, batch_size)
num_batches = num_complete_batches + bool(leftover)

def data_stream():
    rng = npr.RandomState(0)
    while True:
        perm = rng.permutation(num_train)
        for i in range(num_batches):
            batch_idx = perm[i * batch_size:(i + 1) * batch_size]
            yield X[batch_idx], Y[batch_idx]
batches = data_stream()

opt_init, opt_update, get_params = optimizers.adam(step_size)

@jit
def update(i, opt_state, batch):
    params = get_params(opt_state)
    grad_loss = grad(loss)
    g = grad_loss(params, batch)
    return opt_update(i, g, opt_state)


def train(init_params):
    opt_state = opt_init(init_params)
    itercount = itertools.count()
    for epoch in range(num_epochs):
        for _ in range(num_batches):
            opt_state = update(next(itercount), opt_state, next(batches))
    return get_params(opt_state)
