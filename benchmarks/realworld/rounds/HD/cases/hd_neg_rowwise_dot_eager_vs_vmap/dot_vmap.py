# Source: https://github.com/ChrisGuarino/practice/blob/56a5d76953550d3bdfd9700edc2433b5226e4b87/jax_practice.ipynb
# Title: jax_practice.ipynb
# Cut: cells 2 and 22 converted to a module; %timeit magics kept as comments.
import jax
import jax.numpy as jnp
from jax import grad, jit, vmap
from jax import random

key = random.PRNGKey(42)

# Split the key to get independent sub-keys
key, subkey = random.split(key, 2)
a = random.randint(subkey, shape=(100000, 4), minval=0, maxval=10)

key, subkey = random.split(key, 2)
b = random.randint(subkey, shape=(100000, 4), minval=0, maxval=10)

print(f'a:\n{a}\nb:\n{b}')

# x = [1,2,3,4]
# y = [1,2,3,4]


def dot_product(a, b):
    return jnp.sum(a * b)


print(f'Example dot product: {dot_product(a,b)}')

results = jnp.array([dot_product(a[i], b[i]) for i in range(len(a))])
print(f'For Loop: {results}')

batch_dot_product = vmap(dot_product)
print(f'VMAP dot product: {batch_dot_product(a,b)}')

# %timeit dot_product(a,b).block_until_ready()
# %timeit batch_dot_product(a,b).block_until_ready()
