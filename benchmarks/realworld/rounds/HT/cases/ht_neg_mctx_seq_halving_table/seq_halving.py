# Source: https://github.com/google-deepmind/mctx/blob/b53073fd5035618228a717e29254e36ceb6f0645/mctx/_src/seq_halving.py
# Title: mctx/_src/seq_halving.py (Gumbel MuZero sequential halving)
# Cut: docstrings shortened; code otherwise whole. The caller is in action_selection.py.
"""Functions for Sequential Halving."""

import math

import chex
import jax
import jax.numpy as jnp


def score_considered(considered_visit, gumbel, logits, normalized_qvalues,
                     visit_counts):
  """Returns a score usable for an argmax."""
  low_logit = -1e9
  logits = logits - jnp.max(logits, keepdims=True, axis=-1)
  penalty = jnp.where(
      visit_counts == considered_visit,
      0, -jnp.inf)
  chex.assert_equal_shape([gumbel, logits, normalized_qvalues, penalty])
  return jnp.maximum(low_logit, gumbel + logits + normalized_qvalues) + penalty


def get_sequence_of_considered_visits(max_num_considered_actions,
                                      num_simulations):
  """Returns a tuple with visit counts. Length `num_simulations`."""
  if max_num_considered_actions <= 1:
    return tuple(range(num_simulations))
  log2max = int(math.ceil(math.log2(max_num_considered_actions)))
  sequence = []
  visits = [0] * max_num_considered_actions
  num_considered = max_num_considered_actions
  while len(sequence) < num_simulations:
    num_extra_visits = max(1, int(num_simulations / (log2max * num_considered)))
    for _ in range(num_extra_visits):
      sequence.extend(visits[:num_considered])
      for i in range(num_considered):
        visits[i] += 1
    # Halving the number of considered actions.
    num_considered = max(2, num_considered // 2)
  return tuple(sequence[:num_simulations])


def get_table_of_considered_visits(max_num_considered_actions, num_simulations):
  """Shape [max_num_considered_actions + 1, num_simulations]."""
  return tuple(
      get_sequence_of_considered_visits(m, num_simulations)
      for m in range(max_num_considered_actions + 1))
