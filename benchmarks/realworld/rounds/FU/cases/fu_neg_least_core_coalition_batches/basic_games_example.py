# Source: https://github.com/google-deepmind/open_spiel/blob/112b77704631fc2ce7ad8e4581f6ca09798ce15a/open_spiel/python/coalitional_games/least_core_lagrangian.py
# Title: open_spiel/python/coalitional_games/least_core_lagrangian.py (compute_least_core_value driver)
# Cut: the file's compute_least_core_value driver, reduced to the CoreOptimization path; the
#      CoalitionalGame is reduced to a weighted-voting game stub with vectorised coalition_values.
import numpy as np
import optax

from least_core_lagrangian import CoreOptimization, payoff_evaluation


class WeightedVotingGame:
  def __init__(self, weights, quota):
    self.weights = np.asarray(weights)
    self.quota = quota

  def num_players(self):
    return len(self.weights)

  def coalition_value(self, coalition):
    return float(np.dot(coalition, self.weights) >= self.quota)

  def coalition_values(self, coalitions):
    return (np.dot(coalitions, self.weights) >= self.quota).astype(np.float32)


cvc = WeightedVotingGame(weights=np.random.randint(1, 10, size=20), quota=40)
cl = CoreOptimization(cvc, optax.adam(1e-2), epsilon=0.01)
payoff = cl.solve(n_iter=1000, batch_size=100)
max_violation = payoff_evaluation(cvc, np.asarray(payoff), 0.01, batch_size=2**20)
