# Source: https://github.com/google-deepmind/open_spiel/blob/112b77704631fc2ce7ad8e4581f6ca09798ce15a/open_spiel/python/examples/meta_cfr/sequential_games/meta_learning.py
# Title: open_spiel/python/examples/meta_cfr/sequential_games/meta_learning.py
# Cut: kept MetaCFRRegretAgent.optimize_infoset (the jax.grad of meta_loss) and the per-batch driver of
#      training_optimizer in outline; tree building, evaluation and flags cut.
import jax
import optax

import utils


class MetaCFRRegretAgent:

  def __init__(self, optimizer, num_actions, training_epochs, meta_learner_training_epochs, batch_size,
               use_infostate_representation=True):
    self.optimizer = optimizer
    self._all_actions = list(range(num_actions))
    self._training_epochs = training_epochs
    self._meta_learner_training_epochs = meta_learner_training_epochs
    self._batch_size = batch_size
    self._use_infostate_representation = use_infostate_representation

  def optimize_infoset(self, cfvalues, infoset, infostate_map, rng):
    """Apply updates to optimizer state."""
    grads = jax.grad(
        utils.meta_loss, has_aux=False)(self.optimizer.net_params, cfvalues,
                                        self.optimizer.net_apply,
                                        self._meta_learner_training_epochs,
                                        len(self._all_actions), infoset,
                                        infostate_map, self._batch_size,
                                        next(rng),
                                        self._use_infostate_representation)
    updates, self.optimizer.opt_state = self.optimizer.opt_update(
        grads, self.optimizer.opt_state)

    self.optimizer.net_params = optax.apply_updates(self.optimizer.net_params,
                                                    updates)

  def training_optimizer(self, batches, infostate_map, rng):
    for epoch in range(self._training_epochs):
      for cfvalues, infoset in batches:
        self.optimize_infoset(cfvalues, infoset, infostate_map, rng)
