# Source: https://whosebug.com/question/5984890/Jax-vmap-for-simple-array-update
# Title: Jax vmap for simple array update (StackOverflow question, mirrored)
# Cut: the question's code with jax.ops.index_add/index_update spelled as the current .at[...] API; the vmap answer appended. The loop runs eagerly at module level (no jit, no grad).
import jax.numpy as jnp
from functools import partial
from jax import vmap

a = jnp.arange(20).reshape((4, 5))
b = jnp.arange(5)
c = jnp.arange(4)
d = jnp.zeros(20)
e = jnp.zeros((4, 5))

for i in range(a.shape[0]):
    for j in range(a.shape[1]):
        a = a.at[i, j].add(b[j] + c[i])
        d = d.at[i * a.shape[1] + j].set(b[j] * c[i])
        e = e.at[i, j].set(2 * b[j])


@partial(vmap, in_axes=(0, None, 0))
@partial(vmap, in_axes=(0, 0, None))
def f(a, b, c):
    return a + b + c, b * c, 2 * b


a2, d2, e2 = f(jnp.arange(20).reshape((4, 5)), b, c)
d2 = d2.ravel()
