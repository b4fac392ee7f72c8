# Source: https://github.com/jax-ml/jax/blob/cec06d116c05f0d52adfceee3d3b730fdbcb0ce5/examples/mnist_classifier_fromscratch.py
# Title: jax-ml/jax examples/mnist_classifier_fromscratch.py + examples/datasets.py
# Cut: kept predict/loss/update and the epoch loop; datasets.py keeps mnist() and its helpers, with
#      mnist_raw's download-and-parse code replaced by one np.load.
"""Datasets used in examples."""
import numpy as np


def _partial_flatten(x):
  """Flatten all but the first dimension of an ndarray."""
  return np.reshape(x, (x.shape[0], -1))


def _one_hot(x, k, dtype=np.float32):
  """Create a one-hot encoding of x of size k."""
  return np.array(x[:, None] == np.arange(k), dtype)


def mnist_raw():
  """Parse the raw MNIST dataset (download code dropped)."""
  data = np.load("/tmp/jax_example_data/mnist.npz")
  return data["train_images"], data["train_labels"], data["test_images"], data["test_labels"]


def mnist(permute_train=False):
  """Download, parse and process MNIST data to unit scale and one-hot labels."""
  train_images, train_labels, test_images, test_labels = mnist_raw()

  train_images = _partial_flatten(train_images) / np.float32(255.)
  test_images = _partial_flatten(test_images) / np.float32(255.)
  train_labels = _one_hot(train_labels, 10)
  test_labels = _one_hot(test_labels, 10)

  if permute_train:
    perm = np.random.RandomState(0).permutation(train_images.shape[0])
    train_images = train_images[perm]
    train_labels = train_labels[perm]

  return train_images, train_labels, test_images, test_labels
