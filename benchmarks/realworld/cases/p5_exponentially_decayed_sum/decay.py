# Source: https://github.com/jax-ml/jax/issues/3083
# Title: jax-ml/jax#3083 "Inefficient exponentially decayed sum"
# Cut: kept both implementations; the datetime timing harness is dropped.
import jax
import numpy
import numpy as np
from jax import numpy as jnp, ops, jit


def decay_sum_jax(x, decay):
    y = jnp.zeros(x.shape)
    for t in range(x.shape[0]):
        y = ops.index_update(y, t, x[t] + y[t - 1] * decay)
    return y


decay_sum_jit = jit(decay_sum_jax)


def decay_sum_numpy(x, decay):
    y = np.zeros(x.shape)
    for t in range(x.shape[0]):
        y[t] = x[t] + y[t - 1] * decay
    return y


if __name__ == '__main__':
    x = numpy.random.randn(30, 30)
    decay_sum_jit(jnp.asarray(x), 0.9)
    decay_sum_numpy(x, 0.9)
