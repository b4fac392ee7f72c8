# Source: https://github.com/ChrisWaites/data-deletion/blob/9e586114e49ff58e0c4e196c2a24983c2d0c38b9/src/adaptive_deletion/util.py
# Title: src/adaptive_deletion/util.py (SISA-style sharded and sliced training for adaptive data deletion)
# Cut: kept shuffle, shard_and_slice, train_shard, get_trained_sharded_and_sliced_params, get_votes, max_votes and sharded_and_sliced_predict as written; log_time decorator reproduced; deletion helpers dropped.
import jax.numpy as np
from jax import partial, grad, jit, nn, random, vmap, tree_util, ops
from jax.experimental import optimizers, stax
from jax.experimental.stax import Dense, Relu, Tanh, Conv, MaxPool, Flatten

from tqdm import tqdm
from time import time


def log_time(f):
  """Utility function for printing the execution time of a function in wall-time."""
  def g(*args):
    start = time()
    ret = f(*args)
    end = time()
    print('Function {} took {:.4} seconds.'.format(f.__name__, end - start))
    return ret
  return g

def shuffle(rng, *args):
  """Shuffles a set of args, each the same way."""
  return (random.permutation(rng, arg) for arg in args)

def shard_and_slice(num_shards, num_slices, *args):
  """Shards and slices an array.

  This means, after this function, an array X becomes indexable as
  X[0<=i<num_shards][0<=j<num_slices], referring to the j'th slice of the i'th shard.
  """
  return ([np.split(shard, num_slices) for shard in np.split(arg, num_shards)] for arg in args)

def train_shard(rng, init_params, predict, X, y, train):
  """Given an individual shard, trains a model for each slice."""
  shard_params = [init_params(rng)]
  for i in range(len(X)):
    temp, rng = random.split(rng)
    X_train, y_train = np.concatenate(X[:i+1]), np.concatenate(y[:i+1])
    finetuned_params = train(temp, shard_params[-1], predict, X_train, y_train)
    shard_params.append(finetuned_params)
  return shard_params

@log_time
def get_trained_sharded_and_sliced_params(rng, init_params, predict, X, y, train):
  """Given a sharded and sliced dataset, constructs a sharded and sliced parameter object."""
  rngs = random.split(rng, len(X))
  # TODO: Parallelize training of each shard
  return [
    train_shard(rng, init_params, predict, X_shard, y_shard, train)
    for rng, X_shard, y_shard in tqdm(list(zip(rngs, X, y)))
  ]

def get_votes(params, predict, X):
  """Randomly samples from scores - assumes scores is already normalized."""
  preds = predict(params[0][-1], X)
  one_hot = np.eye(preds.shape[1])
  votes = one_hot[np.argmax(preds, axis=1)]
  for slice_params in params[1:]:
    preds = predict(slice_params[-1], X)
    votes += one_hot[np.argmax(preds, axis=1)]
  return votes

def max_votes(votes):
  """Deterministic aggregation mechanism, simply returns class with highest score."""
  return np.argmax(votes, axis=1)

def sharded_and_sliced_predict(params, predict, X, aggregate=max_votes):
  """Given a sharded and sliced dataset and params, defines the prediction function."""
  return aggregate(get_votes(params, predict, X))
