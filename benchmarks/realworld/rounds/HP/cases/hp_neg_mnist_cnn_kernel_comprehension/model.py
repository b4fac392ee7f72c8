# Source: https://github.com/dnbt777/ml/blob/e604c5721840275c8387488b76561a61bb8e83f6/FINISHED/CNN/jax_MNIST_CNN.ipynb
# Title: FINISHED/CNN/jax_MNIST_CNN.ipynb (second version of a from-scratch JAX MNIST CNN)
# Cut: cells 2-3 converted to .py: init_cnn_params, crossentropyloss, get_loss and the jitted
#      cnn_forward; the notebook's unused per-pixel maxpool helpers and the data cell are cut.
import jax.numpy as jnp
import jax.random as random
import jax
import flax


# Util functions
def init_cnn_params(key, input_shape, output_shape):
  keys = random.split(key, 20)
  cnn_params = {}

  # shape: (1, 28, 28) => conv1 => (3, 28-(4-1), 28-(4-1))
  conv1 = {
    #out_channels, in_channels, kernel_row, kernel_col
    # 4x4 kernel. 1 input (mnist), 3 outputs
    "conv1" : jax.nn.initializers.glorot_uniform()(keys[0], (3, 1, 4, 4))
  }
  current_shape = (3, 28-(4-1), 28-(4-1))

  conv2 = {
    "conv2" : jax.nn.initializers.glorot_uniform()(keys[2], (3, 3, 4, 4))
  }
  current_shape = (3, 25, 25) # this conv will have a skip connection and mode will be 'same'

  # shape: (3, 25, 25) => maxpool 2x2 => (3, 25 - (2-1), 25-(2-1))
  current_shape = (3, 24, 24)

  # shape: (3, 24, 24) => conv1 => (7, 24-(10-1), 24-(10-1))
  conv3 = {
    #out_channels, in_channels, kernel_row, kernel_col
    # 4x4 kernel. 1 input (mnist), 3 outputs
    "conv3" : jax.nn.initializers.glorot_uniform()(keys[3], (7, 3, 10, 10))
  }
  current_shape = (7, 15, 15)

  conv4 = {
    "conv4" : jax.nn.initializers.glorot_uniform()(keys[4], (7, 7, 10, 10))
  }
  current_shape = (7, 15, 15) # this conv will have a skip connection and mode will be 'same'
  
  # shape: (7, 15, 15) => ravel => (7 * 15 * 15,)
  current_shape = (7 * 15 * 15,)
  fc1 = {
    # since its xW for batching, W shape=(input, output)
    "fc1" : {
      "w" : random.normal(keys[1], shape=(current_shape[0], 128)) * jnp.sqrt(2 / current_shape[0]),
      'b' : jnp.zeros(shape=128)
      }
  }

  # shape: (7 * 15 * 15,) => fc1 => (128,)
  current_shape = (128,)
  fc2 = {
    "fc2" : {
      "w" : random.normal(keys[5], shape=(current_shape[0], output_shape[0])) * jnp.sqrt(2 / current_shape[0]),
      'b' : jnp.zeros(shape=output_shape)
      }
  }

  cnn_params.update(conv1)
  cnn_params.update(conv2)
  cnn_params.update(conv3)
  cnn_params.update(conv4)
  cnn_params.update(fc1)
  cnn_params.update(fc2)

  return cnn_params


def crossentropyloss(logits, y):
  yhat = jax.nn.log_softmax(logits)
  return jnp.sum(-yhat * y)


@jax.jit
def cnn_forward(cnn_params, x):
  # do conv, then relu, then maxpool, then fc.
  x = jnp.array([
    jax.scipy.signal.convolve(x, kernel, mode="valid")[0]
    for kernel in cnn_params["conv1"]
  ])
  x = jax.nn.relu(x)
  print(x.shape)

  # residual/skip connnection. mode=same to output the same shape.
  x_residual = jnp.array([
    jax.scipy.signal.convolve(x, kernel, mode='same')[0]
    for kernel in cnn_params["conv2"]
  ])
  x_residual = jax.nn.relu(x_residual)
  x = x + x_residual
  x = jax.nn.relu(x)
  print(x.shape)

  # maxpool 2x2
  x = jnp.array([
    # why do i have to reshape it?
    # channel[:, :, None]  (25, 25) => (25, 25, 1)
    flax.linen.max_pool(channel[:, :, None], window_shape=(2, 2))
    for channel in x
  ])
  x = jnp.squeeze(x, axis=-1) # (24, 24, 1) => (24, 24)
  print(x.shape)

  x = jnp.array([
    jax.scipy.signal.convolve(x, kernel, mode="valid")[0]
    for kernel in cnn_params["conv3"]
  ])
  x = jax.nn.relu(x)
  print(x.shape)

  x_residual = jnp.array([
    jax.scipy.signal.convolve(x, kernel, mode='same')[0]
    for kernel in cnn_params["conv4"]
  ])
  x_residual = jax.nn.relu(x_residual)
  x = x + x_residual
  x = jax.nn.relu(x)
  print(x.shape)


  x = jnp.ravel(x) # all channels to 1 layer
  print(x.shape)
  x = x @ cnn_params["fc1"]["w"] + cnn_params["fc1"]["b"]
  x = jax.nn.relu(x)

  x = x @ cnn_params["fc2"]["w"] + cnn_params["fc2"]["b"]

  return x


# training functions

# output logits if classes. convert to yhat in other functions.
def get_loss(cnn_params, x, y):
  logits = cnn_forward(cnn_params, x)
  loss = crossentropyloss(logits, y)
  return loss
