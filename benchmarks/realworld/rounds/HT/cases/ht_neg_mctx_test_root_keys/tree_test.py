# Source: https://github.com/google-deepmind/mctx/blob/b53073fd5035618228a717e29254e36ceb6f0645/mctx/_src/tests/tree_test.py
# Title: mctx/_src/tests/tree_test.py (comparing a Gumbel MuZero search tree to a stored tree)
# Cut: kept imports, root/recurrent fixtures and tree_to_pytree with its helpers; the test class and JSON loading dropped.
import functools
import json

from absl import logging
from absl.testing import absltest
from absl.testing import parameterized
import chex
import jax
import jax.numpy as jnp
import mctx
import numpy as np

jax.config.update("jax_threefry_partitionable", False)


def _prepare_root(batch_size, num_actions):
  """Returns a root consistent with the stored expected trees."""
  rng_key = jax.random.PRNGKey(0)
  # Using a different rng_key inside each batch element.
  rng_keys = [rng_key]
  for i in range(1, batch_size):
    rng_keys.append(jax.random.fold_in(rng_key, i))
  embedding = jnp.stack(rng_keys)
  output = jax.vmap(
      functools.partial(_produce_prediction_output, num_actions=num_actions))(
          embedding)
  return mctx.RootFnOutput(
      prior_logits=output["policy_logits"],
      value=output["value"],
      embedding=embedding,
  )


def _produce_prediction_output(rng_key, num_actions):
  """Producing the model output as in the stored expected trees."""
  policy_rng, value_rng, reward_rng = jax.random.split(rng_key, 3)
  policy_rng, value_rng, reward_rng = jax.random.split(rng_key, 3)
  del rng_key
  # Producing value from [-1, +1).
  value = jax.random.uniform(value_rng, shape=(), minval=-1.0, maxval=1.0)
  # Producing reward from [-1, +1).
  reward = jax.random.uniform(reward_rng, shape=(), minval=-1.0, maxval=1.0)
  return dict(
      policy_logits=jax.random.normal(policy_rng, shape=[num_actions]),
      value=value,
      reward=reward,
  )


def _prepare_recurrent_fn(num_actions, *, discount, zero_reward):
  """Returns a dynamics function consistent with the expected trees."""

  def recurrent_fn(params, rng_key, action, embedding):
    del params, rng_key
    # The embeddings serve as rng_keys.
    embedding = jax.vmap(
        functools.partial(_fold_action_in, num_actions=num_actions))(embedding,
                                                                     action)
    output = jax.vmap(
        functools.partial(_produce_prediction_output, num_actions=num_actions))(
            embedding)
    reward = output["reward"]
    if zero_reward:
      reward = jnp.zeros_like(reward)
    return mctx.RecurrentFnOutput(
        reward=reward,
        discount=jnp.full_like(reward, discount),
        prior_logits=output["policy_logits"],
        value=output["value"],
    ), embedding

  return recurrent_fn


def _fold_action_in(rng_key, action, num_actions):
  """Returns a new rng key, selected by the given action."""
  chex.assert_shape(action, ())
  chex.assert_type(action, jnp.int32)
  sub_rngs = jax.random.split(rng_key, num_actions)
  return sub_rngs[action]


def tree_to_pytree(tree: mctx.Tree, batch_i: int = 0):
  """Converts the MCTS tree to nested dicts."""
  nodes = {}
  nodes[0] = _create_pynode(
      tree, batch_i, 0, prior=1.0, action=None, reward=None)
  children_prior_probs = jax.nn.softmax(tree.children_prior_logits, axis=-1)
  for node_i in range(tree.num_simulations + 1):
    for a_i in range(tree.num_actions):
      prior = children_prior_probs[batch_i, node_i, a_i]
      # Index of children, or -1 if not expanded
      child_i = int(tree.children_index[batch_i, node_i, a_i])  # pyrefly: ignore[bad-index]
      if child_i >= 0:
        reward = tree.children_rewards[batch_i, node_i, a_i]  # pyrefly: ignore[bad-index]
        child = _create_pynode(
            tree, batch_i, child_i, prior=prior, action=a_i, reward=reward)
        nodes[child_i] = child
      else:
        child = _create_bare_pynode(prior=prior, action=a_i)
      # pylint: disable=line-too-long
      nodes[node_i]["child_stats"].append(child)  # pytype: disable=attribute-error
      # pylint: enable=line-too-long
  return nodes[0]


def _create_pynode(tree, batch_i, node_i, prior, action, reward):
  """Returns a dict with extracted search statistics."""
  node = dict(
      prior=_round_float(prior),
      visit=int(tree.node_visits[batch_i, node_i]),
      value_view=_round_float(tree.node_values[batch_i, node_i]),
      raw_value_view=_round_float(tree.raw_values[batch_i, node_i]),
      child_stats=[],
      evaluation_index=node_i,
  )
  if action is not None:
    node["action"] = action
  if reward is not None:
    node["reward"] = _round_float(reward)
  return node


def _create_bare_pynode(prior, action):
  return dict(
      prior=_round_float(prior),
      child_stats=[],
      action=action,
  )


def _round_float(value, ndigits=10):
  return round(float(value), ndigits)


