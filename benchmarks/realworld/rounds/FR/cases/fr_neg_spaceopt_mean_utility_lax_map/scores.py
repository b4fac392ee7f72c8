# Source: https://github.com/google-research/google-research/blob/1d4d2f1aa6f2883a790d2ae46a6ee8ab150d8f31/spaceopt/scores.py
# Title: spaceopt/scores.py (Scoring functions for a search space given an iteration budget)
# Cut: kept UtilityMeasure (improvement, p_min, entropy, the jitted conditional entropy, information_gain), _mean_utility, uniform, mean_utility and scores; docstrings shortened, licence header dropped.
import functools
import operator

import jax
import jax.numpy as jnp


class UtilityMeasure:
  """Class for utility measures used in the scoring functions."""

  def __init__(self, params, x_locations_for_p_min=None, fantasize_y_values_for_p_min=None,
               y_fantasized_num_for_p_min=500, initial_entropy_key=None, eps=1e-16,
               incumbent=None):
    if (x_locations_for_p_min is not None) * (fantasize_y_values_for_p_min
                                              is not None):
      self.fantasize_y_values_for_p_min = functools.partial(
          fantasize_y_values_for_p_min,
          x_locations_for_p_min=x_locations_for_p_min,
          params=params,
          y_fantasized_num_for_p_min=y_fantasized_num_for_p_min)
    self.initial_entropy_key = initial_entropy_key
    self.eps = eps
    self.incumbent = incumbent

  def is_improvement(self, y_batch):
    return jnp.min(y_batch, axis=0) < self.incumbent

  def improvement(self, y_batch):
    difference = self.incumbent - jnp.min(y_batch, axis=0)
    return jnp.maximum(0.0, difference)

  def _p_x_min(self, y_fantasized):
    counts = jnp.bincount(
        jnp.argmin(y_fantasized, axis=0), length=y_fantasized.shape[0])
    return counts / jnp.sum(counts)

  def _entropy(self, p, eps=1e-16):
    return -jnp.sum(
        jnp.where(p < eps, 0., (p + eps) * jnp.log(p + eps)), axis=0)

  @functools.partial(jax.jit, static_argnums=(0,))
  def _entropy_of_p_x_min_given_data(self, for_i_index, key, x_obs, y_obs,
                                     x_batch=None, y_batch=None):
    if operator.xor(x_batch is None, y_batch is None):
      raise ValueError("Both x_batch and y_batch need to be provided.")

    if (x_batch is not None) and (y_batch is not None):
      if y_batch.ndim == 1:
        y_batch = y_batch[:, None]
      x_obs = jnp.vstack((x_obs, x_batch))
      y_obs = jnp.vstack((y_obs, y_batch[:, for_i_index][:, None]))
      key = jax.random.fold_in(key, for_i_index)

    fantasized_y_values = self.fantasize_y_values_for_p_min(
        key=key, x_obs=x_obs, y_obs=y_obs)
    p_x_min = self._p_x_min(fantasized_y_values)
    entropy = self._entropy(p_x_min, self.eps)
    return entropy

  def information_gain(self, key, x_obs, y_obs, x_batch, y_batch,
                       include_initial_entropy=True, vectorized=False):
    """...
      vectorized: bool to set whether to evaluate conditional entropy over
        y_batch in a vectorized manner. Note: vectorizing requires significantly
          more memory.
    """
    for_i_index_all = jnp.arange(y_batch.shape[1])
    partial_conditional_entropy = functools.partial(
        self._entropy_of_p_x_min_given_data,
        key=key,
        x_obs=x_obs,
        y_obs=y_obs,
        x_batch=x_batch,
        y_batch=y_batch)

    if vectorized:
      conditional_entropy = jax.vmap(partial_conditional_entropy)(
          for_i_index_all)
    else:
      conditional_entropy = jax.lax.map(partial_conditional_entropy,
                                        for_i_index_all)
    if include_initial_entropy:
      if self.initial_entropy_key is None:
        raise ValueError("initial_entropy_key needs to be initialized.")
      initial_entropy = self._entropy_of_p_x_min_given_data(
          for_i_index=0,  # dummy int
          key=self.initial_entropy_key,
          x_obs=x_obs,
          y_obs=y_obs)
      return initial_entropy - conditional_entropy
    else:
      return - conditional_entropy


def _mean_utility(for_i_index, key_xs, key_ys, key_utilities, search_space, budget,
                  utility_measure_fn, draw_x_location_fn, draw_y_values_fn,
                  y_drawn_num=1000):
  """Evaluate the mean utility of a search space at a budget."""
  key_x = key_xs[for_i_index, :]
  key_y = key_ys[for_i_index, :]
  key_utility = key_utilities[for_i_index, :]

  x_locations = draw_x_location_fn(key_x, search_space, budget)
  y_values = draw_y_values_fn(key_y, x_locations, y_drawn_num)
  utility_values = utility_measure_fn(key_utility, x_locations, y_values)
  return jnp.mean(utility_values, axis=0)


def uniform(key_x, search_space, budget):
  return jax.random.uniform(
      key_x,
      shape=(budget, search_space.shape[0]),
      minval=search_space[:, 0],
      maxval=search_space[:, 1])


def mean_utility(key, search_space, budget, utility_measure_fn, draw_y_values_fn,
                 x_drawn_num, y_drawn_num, draw_x_location_fn=None, vectorized=False):
  """...
    vectorized: bool to set whether to evaluate mean utility over keys in a
      vectorized manner. Note: vectorizing requires significantly more memory.
  """
  key_x, key_y, key_utility = jax.random.split(key, 3)

  key_x_mc = jax.random.split(key_x, x_drawn_num)
  key_y_mc = jax.random.split(key_y, x_drawn_num)
  key_utility_mc = jax.random.split(key_utility, x_drawn_num)

  if draw_x_location_fn is None:
    draw_x_location_fn = uniform
  partial_mean_utility = functools.partial(
      _mean_utility,
      key_xs=key_x_mc,
      key_ys=key_y_mc,
      key_utilities=key_utility_mc,
      search_space=search_space,
      budget=budget,
      utility_measure_fn=utility_measure_fn,
      draw_x_location_fn=draw_x_location_fn,
      draw_y_values_fn=draw_y_values_fn,
      y_drawn_num=y_drawn_num)
  for_i_index_all = jnp.arange(x_drawn_num)

  if vectorized:
    mean_utility_arr = jax.vmap(partial_mean_utility, for_i_index_all)
  else:
    mean_utility_arr = jax.lax.map(partial_mean_utility, for_i_index_all)

  return mean_utility_arr


def scores(mean_utility_arr, statistic_fns):
  """Evaluate the statisctics of mean utility of a search space and a budget."""
  results = {}
  for statistic_fn in statistic_fns:
    results[statistic_fn.__name__] = statistic_fn(mean_utility_arr)
  return results
