# Source: https://github.com/spcl/npbench/blob/1d213cb2c1d127ea374a1183cc2ca614afe206a5/npbench/benchmarks/deep_learning/lenet/lenet_jax.py
# Title: npbench/benchmarks/deep_learning/lenet/lenet_jax.py ("Add lenet jax implementation")
# Cut: kept relu, the 2x2 maxpool2d walked by nested lax.scan and lenet5; its conv2d (the same
#      scan-over-pixels code as the conv2d_bias benchmark) is replaced by an import.
# bench_info/lenet.json: M {N: 8, H: 56, W: 56}, L {N: 8, H: 176, W: 176}
import jax.numpy as jnp
import jax
from jax import lax
from functools import partial

@jax.jit
def relu(x):
    return jnp.maximum(x, 0)



from conv2d_jax import conv2d

# 2x2 maxpool operator, as used in LeNet-5
@jax.jit
def maxpool2d(x):
    output = jnp.empty(
        [x.shape[0], x.shape[1] // 2, x.shape[2] // 2, x.shape[3]],
        dtype=x.dtype)
    
    def row_update(output, i):
        def col_update(output, j):
            input_slice = lax.dynamic_slice(
                x,
                (0, 2 * i, 2 * j, 0),
                (x.shape[0], 2, 2, x.shape[3])
            )
            output = lax.dynamic_update_slice(
                output, 
                jnp.max(input_slice, axis=(1, 2))[:, None, None, :], 
                (0, i, j, 0)
            )
            return output, None

        output, _ = lax.scan(col_update, output, jnp.arange(x.shape[2] // 2))
        return output, None
    
    output, _ = lax.scan(row_update, output, jnp.arange(x.shape[1] // 2))

    return output


# LeNet-5 Convolutional Neural Network (inference mode)
@partial(jax.jit, static_argnums=(11, 12))
def lenet5(input, conv1, conv1bias, conv2, conv2bias, fc1w, fc1b, fc2w, fc2b,
           fc3w, fc3b, N, C_before_fc1):
    x = relu(conv2d(input, conv1) + conv1bias)
    x = maxpool2d(x)
    x = relu(conv2d(x, conv2) + conv2bias)
    x = maxpool2d(x)
    x = jnp.reshape(x, (N, C_before_fc1))
    x = relu(x @ fc1w + fc1b)
    x = relu(x @ fc2w + fc2b)
    return x @ fc3w + fc3b
