# Source: https://github.com/smithlindsay/coding-ml-practice/blob/613127aca1fb3fae0fc617edb675de364478e295/jax.ipynb
# Title: jax.ipynb (XOR with a one-hidden-layer net in JAX)
# Cut: cells 5, 7 and 9 converted to a module (single-example SGD, jitted grad, then vmapped
#      per-example grads); %timeit lines dropped.
import itertools

import jax
import numpy as np

from xor_net import ce_loss, init_params, inputs, test_all_inputs

# train: jax.grad takes a fn and returns new fn that takes grad of
# orig fn wrt 1st arg (use argnums to change)
loss_grad = jax.grad(ce_loss)

# sgd lr
lr = 1.

params = init_params()

for n in itertools.count():
    # get single random input (pick a random row)
    x = inputs[np.random.choice(inputs.shape[0])]
    # compute target output
    y = np.bitwise_xor(*x)
    # get grad of loss
    grads = loss_grad(params, x, y)
    # update params with grad descent
    params = [param - lr * grad for param, grad in zip(params, grads)]
    # check every 100 iter if XOR works
    if n % 100 == 0:
        print(f'iter {n}')
        if test_all_inputs(inputs, params):
            break

loss_grad = jax.jit(jax.grad(ce_loss))

# parallelize over the 0th dim of x and y but not params, 0th dim of grads
loss_grad = jax.jit(jax.vmap(jax.grad(ce_loss), in_axes=(None, 0, 0), out_axes=0))

params = init_params()
batch_size = 100

for n in itertools.count():
    # gen batch of inputs
    x = inputs[np.random.choice(inputs.shape[0], size=batch_size)]  # [b, 2]
    y = np.bitwise_xor(x[:, 0], x[:, 1])

    grads = loss_grad(params, x, y)

    # now need to avg grads over the *batch*
    params = [param - lr * np.mean(grad, axis=0) for param, grad in zip(params, grads)]
    if n % 100 == 0:
        print(f'iter {n}')
        if test_all_inputs(inputs, params):
            break
