# Source: https://github.com/ChrisGuarino/practice/blob/56a5d76953550d3bdfd9700edc2433b5226e4b87/jax_practice.ipynb
# Title: jax_practice.ipynb
# Cut: cells 2 and 26 converted to a module; the %timeit magics are kept as comments, the other
#      practice cells (vmap, slow_fn, dot products) are dropped.
import jax
import jax.numpy as jnp
from jax import grad, jit, vmap
from jax import random

key = random.PRNGKey(42)

# Split the key to get independent sub-keys
key, subkey = random.split(key, 2)
X = random.normal(subkey, shape=(20, 3))

key, subkey = random.split(key, 2)
w_true = random.normal(subkey, shape=(3,))
y = X @ w_true


def loss(w):
    return jnp.mean((X @ w - y) ** 2)


grad_loss = grad(loss)

w = jnp.zeros(3)
lr = 0.01
epoch = 2000


def backprop(w, lr, epoch):
    for i in range(epoch):
        w = w - lr * grad_loss(w)
        if i % 5 == 0:
            print(f"step {i:2d}: w = {w}, loss = {loss(w)}")
    return w


fast_backprop = jit(backprop, static_argnums=2)
# %timeit backprop(w,lr,epoch).block_until_ready()
# %timeit fast_backprop(w,lr,epoch).block_until_ready()
w_fit = fast_backprop(w, lr, epoch)
