# Source: https://github.com/google-deepmind/mctx/blob/b53073fd5035618228a717e29254e36ceb6f0645/mctx/_src/action_selection.py
# Title: mctx/_src/action_selection.py (Gumbel MuZero root action selection)
# Cut: kept gumbel_muzero_root_action_selection and masked_argmax; pyrefly comments, docstrings,
#      the interior selection and muzero_action_selection dropped.
import chex
import jax.numpy as jnp

from seq_halving import get_table_of_considered_visits, score_considered


def masked_argmax(to_argmax, invalid_actions):
  if invalid_actions is not None:
    to_argmax = jnp.where(invalid_actions, -jnp.inf, to_argmax)
  return jnp.argmax(to_argmax, axis=-1)


def gumbel_muzero_root_action_selection(
    rng_key, tree, node_index, *, num_simulations, max_num_considered_actions,
    qtransform):
  del rng_key
  chex.assert_shape([node_index], ())
  visit_counts = tree.children_visits[node_index]
  prior_logits = tree.children_prior_logits[node_index]
  chex.assert_equal_shape([visit_counts, prior_logits])
  completed_qvalues = qtransform(tree, node_index)

  table = jnp.array(get_table_of_considered_visits(
      max_num_considered_actions, num_simulations))
  num_valid_actions = jnp.sum(
      1 - tree.root_invalid_actions, axis=-1).astype(jnp.int32)
  num_considered = jnp.minimum(
      max_num_considered_actions, num_valid_actions)
  simulation_index = jnp.sum(visit_counts, -1)
  considered_visit = table[num_considered, simulation_index]
  gumbel = tree.extra_data.root_gumbel
  to_argmax = score_considered(
      considered_visit, gumbel, prior_logits, completed_qvalues,
      visit_counts)
  return masked_argmax(to_argmax, tree.root_invalid_actions)
