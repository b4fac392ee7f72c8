# Source: https://github.com/google-deepmind/open_spiel/blob/112b77704631fc2ce7ad8e4581f6ca09798ce15a/open_spiel/python/coalitional_games/least_core_lagrangian.py
# Title: open_spiel/python/coalitional_games/least_core_lagrangian.py (approximating the core via coalition sampling)
# Cut: kept payoff_evaluation, CoreSolver, CoreOptimization.loss/update_step and the head of solve() verbatim
#      (up to the jitted update); the Lagrangian variants, logging and bookkeeping of saved iterates are cut.
import functools
import itertools
import time

from absl import logging
import jax
import jax.numpy as jnp
import numpy as np


def payoff_evaluation(
    cv_calc: coalitional_game.CoalitionalGame,
    payoffs: np.ndarray,
    epsilon: float,
    batch_size: int,
    max_exponent: int = 13,
) -> float:
  """Evaluate deficit over a set of random coalitions.

  Args:
    cv_calc: the game to work on
    payoffs: the payoff vector to test
    epsilon: desired approximation of the epsilon-core
    batch_size: number of random coalitions to sample
    max_exponent: examine at maxixum 2**max_exponent constraints in one batch
      default 13, assume 2**13 ~ 10k coalitions is mem limit for single batch

  Returns:
    Expected loss, relu(deficit), over random batch of coalitions
  """
  max_batch = 2**max_exponent
  num_players = cv_calc.num_players()
  violation = 0.
  if batch_size >= 2**num_players:
    num_suffix_repeats = min(max_exponent, num_players)
    num_prefix_repeats = max(0, num_players - num_suffix_repeats)
    zo = [0, 1]
    suffix = np.array(list(itertools.product(zo, repeat=num_suffix_repeats)))
    prefixes = itertools.product(zo, repeat=num_prefix_repeats)
    for prefix in prefixes:
      if prefix:
        prefix_rep = np.repeat([prefix], suffix.shape[0], axis=0)
        coalitions = np.concatenate([prefix_rep, suffix], axis=1)
      else:
        coalitions = suffix
      batch_contributions = cv_calc.coalition_values(coalitions)
      batch_payouts = np.dot(coalitions, payoffs)
      batch_deficits = batch_contributions - batch_payouts - epsilon
      batch_deficits = np.clip(batch_deficits, 0., np.inf)
      violation = max(violation, np.max(batch_deficits))
  else:
    q, r = divmod(batch_size, max_batch)
    num_loops = q + (r > 0)
    for _ in range(num_loops):
      coalitions = np.random.randint(2, size=(max_batch, num_players))
      batch_contributions = cv_calc.coalition_values(coalitions)
      batch_payouts = np.dot(coalitions, payoffs)
      batch_deficits = batch_contributions - batch_payouts - epsilon
      batch_deficits = np.clip(batch_deficits, 0., np.inf)
      violation = max(violation, np.max(batch_deficits))
  return float(violation)


class CoreSolver():
  """Find an epsilon-core."""

  def __init__(self,
               cvc: coalitional_game.CoalitionalGame):
    self.cvc = cvc
    self.num_players = cvc.num_players()
    # we assume grand_coalition is optimal coalition
    grand_coalition = np.full(cvc.num_players(), 1, dtype=np.int32)
    self.grand_coalition_value = cvc.coalition_value(grand_coalition)

    self.payoffs = None
    self.losses = None
    self.max_deficits = None
    self.evaluation_losses = None

  def logits_to_payoff(self, logits):
    logits_ext = jnp.append(logits, 0.)
    payoff = jax.nn.softmax(logits_ext)
    payoff *= self.grand_coalition_value
    return payoff

  def loss_deficit(self, current_payoff, coalitions, coalition_values, epsilon):
    """Compute Mean Loss and Max Deficit."""
    coalition_payment = jnp.dot(coalitions, current_payoff)
    deficit = coalition_values - epsilon - coalition_payment
    coalition_size = jnp.sum(coalitions, axis=1)
    weight = 1.0 / jnp.clip(coalition_size, 1, self.num_players)
    losses = 0.5 * weight * jax.nn.relu(deficit) ** 2.0
    return jnp.mean(losses, axis=0), jnp.max(jax.nn.relu(deficit))


class CoreOptimization(CoreSolver):
  """Find an epsilon-core via optimization."""

  def __init__(self,
               cvc: coalitional_game.CoalitionalGame,
               opt,
               epsilon):
    super().__init__(cvc)
    self.opt = opt
    self.epsilon = epsilon

  @functools.partial(jax.jit, static_argnums=[0])
  def loss(self, params, data):
    """Compute Loss."""
    current_payoff = params
    coalitions, coalition_values = data

    return self.loss_deficit(current_payoff, coalitions, coalition_values,
                             self.epsilon)

  @functools.partial(jax.jit, static_argnums=[0])
  def update_step(self, params, data, opt_state):
    """GD update step."""

    # data = (coalitions, coalition_values)

    # Convert losses into pure functions.
    loss_fn = lambda p: self.loss(p, data)[0]

    # Compute saddle-point gradients.
    grads_fn = jax.grad(loss_fn, argnums=0)
    grads = grads_fn(params)

    updates, opt_state = self.opt.update(grads, opt_state, params)

    params = optax.apply_updates(params, updates)

    params = jnp.clip(params, 0, np.inf)
    scale = self.grand_coalition_value / jnp.sum(params)
    params = params * scale

    return params, opt_state

  def solve(self, n_iter: int, batch_size: int = 100,
            save_every: int = 2,
            evaluate_every: int = 2, evaluation_iterations: int = 100,
            seed: int = 0
            ) -> Tuple[np.ndarray, np.ndarray, float]:
    """Find a least-core via Lagrange multipliers.

    Additional optimization metrics are stored as class variables:
      self.payoffs
      self.losses
      self.max_deficits
      self.evaluation_losses
      self.duration

    Args:
      n_iter: number of iterations
      batch_size: number of constraints to evaluate at each step
      save_every: int, how often to record optimization variables
      evaluate_every: int, how often to evaluate the max constraint violation
      evaluation_iterations: int, how many constraints to measure violations
        for, if number if less than number of coalitions a batch of constraints
        is sampled randomly. otherwise, all constraints are evaluated
      seed: int, for sampling minibatches of constraints

    Returns:
      payoffs over training
      max deficit over training
      runtime duration (sec)
    """

    qe, re = divmod(n_iter, evaluate_every)
    num_eval = qe + (re > 0)
    qs, rs = divmod(n_iter, save_every)
    num_save = qs + (rs > 0)

    max_violations = np.empty(num_eval, dtype=np.float32)
    losses = np.empty(num_save, dtype=np.float32)
    max_deficits = np.empty(num_save, dtype=np.float32)
    payoffs = np.empty((num_save, self.num_players), dtype=np.float32)

    scale = self.grand_coalition_value / self.num_players
    grand_coalition = np.full(self.num_players, 1, dtype=np.int32)
    current_payoff = jnp.array(grand_coalition * scale)
    params = current_payoff

    opt_state = self.opt.init(params)

    logging.debug('Uniform payoff %s', current_payoff)

    rng = jax.random.PRNGKey(seed)

    start = time.time()
    for iter_id in range(n_iter):
      if batch_size < 2**self.num_players:
        rng, key = jax.random.split(rng, 2)
        coalitions = jax.random.randint(key,
                                        shape=(batch_size, self.num_players),
                                        minval=0,
                                        maxval=2,
                                        dtype=jnp.int32)
      else:
        prod_space = itertools.product([0, 1], repeat=self.num_players)
        coalitions = np.stack(list(prod_space))
      coalition_values = self.cvc.coalition_values(np.array(coalitions))

      data = (coalitions, coalition_values)
      loss, max_deficit = self.loss(params, data)
      params, opt_state = self.update_step(params, data, opt_state)

    return params
