# Source: https://github.com/smithlindsay/coding-ml-practice/blob/613127aca1fb3fae0fc617edb675de364478e295/jax.ipynb
# Title: jax.ipynb (XOR with a one-hidden-layer net in JAX)
# Cut: cells 1-3 converted to a module; the autoreload magics and the late __future__ import are removed.
import jax
import jax.numpy as jnp
import numpy as np

import random
import itertools

# based on colin raffel's blog post
# learn XOR with a nn
# single hidden layer, 3 neurons, tanh nonlinearity, cross-ent loss w/ sgd


# for the output of the net
def sigmoid(x):
    return 1 / (1 + jnp.exp(-x))


def net(params, x):
    w1, b1, w2, b2 = params
    hidden = jnp.tanh(jnp.dot(w1, x) + b1)
    return sigmoid(jnp.dot(w2, hidden) + b2)


def ce_loss(params, x, y):
    y_hat = net(params, x)
    cross_entropy = -y*jnp.log(y_hat) - (1 - y)*jnp.log(1 - y_hat)
    return cross_entropy


def test_all_inputs(inputs, params):
    # threshold the output since it is a probability and we want a class (0 or 1)
    preds = [int(net(params, inp) > 0.5) for inp in inputs]
    for inp, out in zip(inputs, preds):
        print(inp, '->', out)
    return (preds == [np.bitwise_xor(*inp) for inp in inputs])


inputs = jnp.array([[0, 0], [0, 1], [1, 0], [1, 1]])


# when init params, do it randomly before training -> no need for jax (no compiliation or derivatives)
def init_params():
    return [
        np.random.randn(3, 2),   #w1
        np.random.randn(3),      #b1
        np.random.randn(3),      #w2
        np.random.randn(),       #b2
    ]
