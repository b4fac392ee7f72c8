# Source: https://github.com/jax-ml/jax/blob/cec06d116c05f0d52adfceee3d3b730fdbcb0ce5/docs/automatic-vectorization.md
# Title: JAX docs "Automatic vectorization" (docs/automatic-vectorization.md)
# Cut: kept convolve() and the vmap/jit cells that trace it; the manually batched variants and prose are
#      dropped.
import jax
import jax.numpy as jnp

x = jnp.arange(5)
w = jnp.array([2., 3., 4.])


def convolve(x, w):
  output = []
  for i in range(1, len(x)-1):
    output.append(jnp.dot(x[i-1:i+2], w))
  return jnp.array(output)


xs = jnp.stack([x, x])
ws = jnp.stack([w, w])

auto_batch_convolve = jax.vmap(convolve)
auto_batch_convolve(xs, ws)

jitted_batch_convolve = jax.jit(auto_batch_convolve)
jitted_batch_convolve(xs, ws)
