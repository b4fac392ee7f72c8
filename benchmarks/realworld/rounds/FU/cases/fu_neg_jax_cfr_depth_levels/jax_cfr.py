# Source: https://github.com/google-deepmind/open_spiel/blob/112b77704631fc2ce7ad8e4581f6ca09798ce15a/open_spiel/python/jax/cfr/jax_cfr.py
# Title: open_spiel/python/jax/cfr/jax_cfr.py (JAX CFR over a depth-layered game tree)
# Cut: kept regret_matching, the solver's step() wrapper, propagate_strategy and jit_step verbatim; the
#      tree-flattening constructor (which builds the per-depth constant arrays of different shapes) is cut
#      to a stub that stores them.
import functools

import jax
import jax.numpy as jnp

JAX_CFR_SIMULTANEOUS_UPDATE = -5


def regret_matching(regret, mask):
  regret = jnp.maximum(regret, 0) * mask
  total = jnp.sum(regret, axis=-1, keepdims=True)
  return jnp.where(total > 0.0, regret / total, 1.0 / jnp.sum(mask)) * mask


def update_regrets(regret):
  return regret


class JaxCFR:

  def __init__(self, constants, regrets, averages):
    # constants.depth_history_* are Python lists with one array per tree depth;
    # the arrays of different depths have different numbers of histories.
    self.constants = constants
    self.regrets = regrets
    self.averages = averages
    self.timestep = 1
    self._linear_averaging = True
    self.regret_matching = jax.vmap(regret_matching, 0, 0)
    self.update_regrets = jax.vmap(update_regrets, 0, 0)

  def step(self):
    """Wrapper around the jitted function for performing CFR step."""
    averaging_coefficient = self.timestep if self._linear_averaging else 1
    for player in range(self.constants.players):
      self.regrets, self.averages = self.jit_step(
          self.regrets, self.averages, averaging_coefficient, player
      )
    self.timestep += 1

  def propagate_strategy(self, current_strategies):
    """Propagtes the strategies withing infosets.

    Args:
      current_strategies: Current strategies for all players, list[Float[Isets,
        Actions]]
    Returns:
      realization_plans: the realization plans.
    """
    realization_plans = [
        jnp.ones_like(current_strategies[pl])
        for pl in range(self.constants.players)
    ]

    for pl in range(self.constants.players):
      for i in range(0, self.constants.max_iset_depth[pl] + 1):
        realization_plans[pl] = jnp.where(
            self.constants.iset_action_depth[pl][..., jnp.newaxis] == i,
            current_strategies[pl]
            * realization_plans[pl].ravel()[
                self.constants.iset_previous_action[pl]
            ][..., jnp.newaxis],
            realization_plans[pl],
        )

    return realization_plans

  @functools.partial(jax.jit, static_argnums=(0,))
  def jit_step(
      self, regrets, averages, average_policy_update_coefficient, player
  ):
    """Performs the CFR step.

    This consists of:
    1. Computes the current strategies based on regrets
    2. Computes the realization plan for each action from top of the tree down
    3. Compute the counterfactual regrets from bottom of the tree up
    4. Updates regrets and average stretegies

    Args:
      regrets: Cummulative regrets for all players, list[Float[Isets, Actions]]
      averages: Average strategies for all players, list[Float[Isets, Actions]]
      average_policy_update_coefficient: Weight of the average policy update.
        When enabled linear_averging it is equal to current iteration. Otherwise
        1, int
      player: Player for which the update should be done. When alternating
        updates are distables, it is JAX_CFR_SIMULTANEOUS_UPDATE

    Returns:
      regrets: the regrets.
      averages: the averages.
    """
    current_strategies = [
        self.regret_matching(regrets[pl], self.constants.iset_action_mask[pl])
        for pl in range(self.constants.players)
    ]

    realization_plans = self.propagate_strategy(current_strategies)
    iset_reaches = [
        jnp.sum(realization_plans[pl], -1)
        for pl in range(self.constants.players)
    ]
    # In last row, there are only terminal, so we start row before it
    depth_utils = [
        [self.constants.depth_history_utility[pl][-1]]
        for pl in range(self.constants.players)
    ]
    for i in range(self.constants.max_depth - 2, -1, -1):

      each_history_policy = self.constants.depth_history_chance_probabilities[i]
      for pl in range(self.constants.players):
        each_history_policy = each_history_policy * jnp.where(
            self.constants.depth_history_player[i][..., jnp.newaxis] == pl,
            current_strategies[pl][self.constants.depth_history_iset[pl][i]],
            1,
        )

      for pl in range(self.constants.players):
        action_value = jnp.where(
            self.constants.depth_history_player[i][..., jnp.newaxis] == -4,
            self.constants.depth_history_utility[pl][i][..., jnp.newaxis],
            depth_utils[pl][-1][self.constants.depth_history_next_history[i]],
        )
        history_value = jnp.sum(action_value * each_history_policy, -1)
        regret = (
            (action_value - history_value[..., jnp.newaxis])
            * self.constants.depth_history_action_mask[i]
            * (self.constants.depth_history_player[i][..., jnp.newaxis] == pl)
            * self.constants.depth_history_chance[i][..., jnp.newaxis]
        )
        for pl2 in range(self.constants.players):
          if pl != pl2:
            regret = (
                regret
                * realization_plans[pl2].ravel()[
                    self.constants.depth_history_previous_action[pl2][i]
                ][..., jnp.newaxis]
            )
        bin_regrets = jnp.bincount(
            self.constants.depth_history_actions[pl][i].ravel(),
            regret.ravel(),
            length=self.constants.isets[pl] * self.constants.max_actions,
        )
        bin_regrets = bin_regrets.reshape(-1, self.constants.max_actions)
        regrets[pl] = jnp.where(
            jnp.logical_or(player == pl, player == JAX_CFR_SIMULTANEOUS_UPDATE),
            regrets[pl] + bin_regrets,
            regrets[pl],
        )
        depth_utils[pl].append(history_value)

    regrets = [
        self.update_regrets(regrets[pl]) for pl in range(self.constants.players)
    ]

    averages = [
        jnp.where(
            jnp.logical_or(player == pl, player == JAX_CFR_SIMULTANEOUS_UPDATE),
            averages[pl]
            + current_strategies[pl]
            * iset_reaches[pl][..., jnp.newaxis]
            * average_policy_update_coefficient,
            averages[pl],
        )
        for pl in range(self.constants.players)
    ]

    return regrets, averages
