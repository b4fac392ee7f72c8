# Source: https://github.com/ChrisWaites/data-deletion/blob/9e586114e49ff58e0c4e196c2a24983c2d0c38b9/src/adaptive_deletion/util.py
# Title: src/adaptive_deletion/util.py (private aggregation of ensemble votes: exponential mechanism, LNMax, GNMax)
# Cut: kept get_votes, randomly_sample and the aggregation mechanisms as written (confident_gnmax's jax.ops.index_update kept); a driver modelled on private_aggregation/main.py added at the end.
import jax.numpy as np
from jax import nn, random, ops

def get_votes(params, predict, X):
  """Randomly samples from scores - assumes scores is already normalized."""
  preds = predict(params[0][-1], X)
  one_hot = np.eye(preds.shape[1])
  votes = one_hot[np.argmax(preds, axis=1)]
  for slice_params in params[1:]:
    preds = predict(slice_params[-1], X)
    votes += one_hot[np.argmax(preds, axis=1)]
  return votes

def randomly_sample(rng, scores):
  """Randomly samples from scores - assumes scores is already normalized."""
  rngs = random.split(rng, scores.shape[0])
  indices = np.arange(scores.shape[1])
  return np.array([random.choice(rng, indices, p=weights) for rng, weights in zip(rngs, scores)])

def max_votes(votes):
  """Deterministic aggregation mechanism, simply returns class with highest score."""
  return np.argmax(votes, axis=1)

def exponential_mechanism(rng, votes, per_example_epsilon, sensitivity=1.):
  """Exponential mechanism."""
  scores = nn.softmax(per_example_epsilon * votes / (2 * sensitivity))
  return randomly_sample(rng, scores)

def lnmax(rng, votes, per_example_epsilon):
  """LNMax: Discovering frequent patterns in sensitive data, Bhaskar et al."""
  votes = votes + (1 / (per_example_epsilon / 2)) * random.laplace(rng, votes.shape)
  return np.argmax(votes, axis=1)

def gnmax(rng, votes, sigma):
  """GNMax: Section 4 of https://arxiv.org/pdf/1802.08908.pdf."""
  votes = votes + sigma * random.normal(rng, votes.shape)
  return np.argmax(votes, axis=1)

def confident_gnmax(rng, votes, sigma_1, sigma_2, threshold):
  """GNMax: Section 4 of https://arxiv.org/pdf/1802.08908.pdf."""
  rng_1, rng_2 = random.split(rng)
  max_vote_count = np.max(votes, axis=1)
  noisy_max_vote_count = max_vote_count + sigma_1 * random.normal(rng_1, max_vote_count.shape)
  didnt_achieve_consensus = noisy_max_vote_count < threshold
  noisy_vote_counts = votes + random.normal(rng_2, votes.shape)
  votes = np.argmax(noisy_vote_counts, axis=1)
  votes = ops.index_update(votes, ops.index[didnt_achieve_consensus], -1.)
  return votes

def sharded_and_sliced_predict(params, predict, X, aggregate=max_votes):
  """Given a sharded and sliced dataset and params, defines the prediction function."""
  return aggregate(get_votes(params, predict, X))


def private_predictions(rng, params, predict, X_test, per_example_epsilon):
  votes = get_votes(params, predict, X_test)
  mechanisms = [exponential_mechanism, lnmax]
  return [mechanism(rng, votes, per_example_epsilon) for mechanism in mechanisms]
