# Source: https://github.com/brentyi/jaxlie/issues/1
# Title: Performance question (comment by brentyi, 2021-06-27)
# Cut: the benchmark snippet from the comment, unchanged

from jaxlie import SE3, SO2, SO3

import jax
from jax import vmap, make_jaxpr
import jax.numpy as jnp
import jax.random

key = jax.random.PRNGKey(0)

@jax.jit
def bar(arr: jnp.array):
    q = SO3(arr)
    return q.as_matrix()

m = jax.jit(vmap(bar))  # New: JIT around the vmapped function
I = jnp.identity(4)[:2]
print(m(I))

import timeit
I = jnp.identity(4)[0]
print(timeit.timeit(lambda: bar(I), number=1000))

for n in range(6):
    I = jax.random.normal(key, (10 ** n, 4))
    m(I)  # New: don't time the first call, whose runtime will be dominated by tracing
    print(n, timeit.timeit(lambda: m(I), number=1000))
