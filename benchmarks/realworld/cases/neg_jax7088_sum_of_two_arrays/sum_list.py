# Source: https://github.com/jax-ml/jax/issues/7088
# Title: jax-ml/jax#7088 "jaxpr of summation is slightly inefficient"
# Cut: kept the author's snippet.
from functools import reduce
from operator import add

import jax.numpy as jnp
from jax import make_jaxpr

l  = [jnp.arange(i, i + 3) for i in [5, 8]]

def use_sum(l):
    return sum(l)

def use_reduce(l):
    return reduce(add, l)

print(make_jaxpr(use_sum)(l))
print(make_jaxpr(use_reduce)(l))
