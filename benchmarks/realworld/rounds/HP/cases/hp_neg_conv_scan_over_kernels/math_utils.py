# Source: https://github.com/dnbt777/ml/blob/5b29ce745bd71178be336beea5efab983c0b0fcd/FINISHED/CNN_REFACTOR/math_utils.py
# Title: FINISHED/CNN_REFACTOR/math_utils.py ("3x convolution speedup + fixed batch logic")
# Cut: whole file: the lax.scan-over-kernels convolution the author kept ("3x slower") beside
#      the vmap version that replaced it, plus the vmapped maxpool.
import jax
import jax.numpy as jnp
import flax

# jit is probably not necessary here.
# since this func is only called inside other jitted functions, it automatically gets jitted
@jax.jit
def crossentropyloss(
    logits: jax.Array,
    y: jax.Array
    ) -> float:
  yhat = jax.nn.log_softmax(logits)
  return jnp.sum(-yhat * y)

# 3x slower
@jax.jit
def convolve2D_scan(
    layers: jax.Array,
    kernels: jax.Array
    ) -> jax.Array:
  def convolve_layer_scan_fn(carry_state, kernel):
      layer = jax.scipy.signal.convolve(layers, kernel, mode="same")[0]
      return None, layer
  _, layers = jax.lax.scan(convolve_layer_scan_fn, None, kernels)
  return layers


@jax.jit
def convolve2D(
    layers: jax.Array,
    kernels: jax.Array
    ) -> jax.Array:
  layers = jax.vmap(lambda kernel: jax.scipy.signal.convolve(layers, kernel, mode="same"), in_axes=0, out_axes=1)(kernels)[0]
  return layers


@jax.jit
def maxpool(
    layers: jax.Array
    ) -> jax.Array:
  maxpool_channel = lambda channel: flax.linen.max_pool(channel[:, :, jnp.newaxis], window_shape=(2, 2))
  return jax.vmap(maxpool_channel, in_axes=0)(layers)