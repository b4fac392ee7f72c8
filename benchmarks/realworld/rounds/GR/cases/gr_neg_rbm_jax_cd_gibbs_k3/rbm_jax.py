# Source: https://github.com/PeaBrane/rbm_jax/blob/7e3c952713bc474544a6402d6c5012896b617018/rbm_jax.ipynb
# Title: rbm_jax.ipynb: RBM ensemble trained with contrastive divergence in JAX (notebook)
# Cut: code cells 5, 13 and 15 converted to a .py file; dropped the MNIST/keras loading, the linear-probe
#      evaluation and the interpolation animation. x_train is the flattened MNIST training set.
import numpy as np
from numpy.random import rand, permutation

import jax
import jax.numpy as jnp
from jax.scipy.special import logit, expit


x_train = np.zeros((60000, 784), dtype='float32')  # MNIST pixels / 256 in the notebook

def contrastive_divergence(inputs, weights, biases_visible, biases_hidden, iterations=1, lr=1e-2):
  n_ensemble, batch_size, n_visible = inputs.shape
  n_hidden = weights.shape[-1]

  # initialize the visible layer as the input data, and the hidden layer as zeros
  visible = inputs
  hidden = jnp.zeros([n_ensemble, batch_size, n_hidden])

  # pre-compute the random tensor used to sampling the neural activations later
  rand_hidden = logit(rand(iterations, n_ensemble, batch_size, n_hidden))
  rand_visible = logit(rand(iterations, n_ensemble, batch_size, n_visible))

  # compute the exact gradient statistics conditioned on the dataset; this is the "data term" or "positive gradient"
  grads_visible_data = visible
  grads_hidden_data = jax.nn.sigmoid(jnp.einsum('cbi,cij->cbj', visible, weights) + biases_hidden[:, jnp.newaxis, ...])
  grads_weights_data = jnp.einsum('cbi,cbj->cij', visible, grads_hidden_data) / batch_size
  grads_visible_data, grads_hidden_data = grads_visible_data.mean(1), grads_hidden_data.mean(1)

  # pre-allocate the memory for aggregating the gradient statistics gathered by the Gibbs chain
  grads_weights = jnp.zeros([n_ensemble, n_visible, n_hidden])
  grads_visible = jnp.zeros([n_ensemble, n_visible])
  grads_hidden = jnp.zeros([n_ensemble, n_hidden])

  # iterate the Gibbs chain
  for iteration in jnp.arange(iterations):
    # sample the hidden and visible activations
    hidden = (jnp.einsum('cbi,cij->cbj', visible, weights) + biases_hidden[:, np.newaxis, :] > rand_hidden[iteration, ...]).astype('float32')
    visible = (jnp.einsum('cbj,cij->cbi', hidden, weights) + biases_visible[:, np.newaxis, :] > rand_visible[iteration, ...]).astype('float32')

    # aggregate the gradient statistics from the Gibbs chain; this is the "model term" or "negative gradient"
    grads_weights += jnp.einsum('cbi,cbj->cij', visible, hidden) / batch_size
    grads_hidden += hidden.mean(1)
    grads_visible += visible.mean(1)

  # update and return the weights and biases
  weights += lr*(grads_weights_data - grads_weights / iterations)
  biases_visible += lr*(grads_visible_data - grads_visible / iterations)
  biases_hidden += lr*(grads_hidden_data - grads_hidden / iterations) 
  return weights, biases_visible, biases_hidden


# we use jit (just-in-time) to compile the CD algorithm in jax, to further improve efficiency
cd_jitted = jax.jit(contrastive_divergence, static_argnums=[4, 5])
n_ensemble = 5  # number of independent RBMs to train
epochs = 50
iterations = 3  # iterations for contrastive divergence
batch_size = 100
learning_rates = np.geomspace(1e-1, 1e-3, epochs)

data_size = x_train.shape[0]
n_visible = x_train.shape[1]
n_hidden = 128  # number of hidden neurons in the RBM

# weight initialization (appropriately normalized)
weights = jnp.array((-1 + 2*rand(n_ensemble, n_visible, n_hidden)) / np.sqrt(n_visible))
biases_visible = jnp.array((-1 + 2*rand(n_ensemble, n_visible)) / np.sqrt(n_visible))
biases_hidden = jnp.array((-1 + 2*rand(n_ensemble, n_hidden)) / np.sqrt(n_visible))

for epoch, lr in zip(range(epochs), learning_rates):
  # randomly shuffle the dataset and divide into batches for each training ensemble
  permutes = np.vstack([permutation(data_size) for _ in range(n_ensemble)])
  batches = np.split(x_train.take(permutes, axis=0), round(data_size / batch_size), axis=1)  # [ensembles, batch_size, n_visible] * batches

  # run the CD algorithm batch-wise
  for batch in batches:
    batch = jnp.array(batch, dtype='float32')
    weights, biases_visible, biases_hidden = cd_jitted(batch, weights, biases_visible, biases_hidden, iterations, lr)
