# Source: https://github.com/jxucoder/jaxboost/blob/23932c4b77d470f18c0a61cfe894caab9af3fd70/src/jaxboost/training/trainer.py
# Title: src/jaxboost/training/trainer.py (jaxboost: differentiable gradient-boosted soft trees for tabular data)
# Cut: kept TrainerConfig (two fields), the tree initialisation and jitted train_step of
#      GBMTrainer.fit, and _loss_fn; data splitting, early stopping and TrainedGBM removed.
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax

from jaxboost.aggregation import boosting_aggregate
from jaxboost.losses import mse_loss, sigmoid_binary_cross_entropy
from jaxboost.routing import soft_routing
from jaxboost.splits import HyperplaneSplit
from jaxboost.structures import ObliviousTree


@dataclass
class TrainerConfig:
    n_trees: int = 20
    depth: int = 4
    learning_rate: float = 0.01
    tree_weight: float = 0.1
    epochs: int = 500


class GBMTrainer:
    def __init__(self, task="regression"):
        self.task = task
        self.split_fn = HyperplaneSplit()
        self.tree = ObliviousTree()

    def fit(self, X_train, y_train, config: TrainerConfig):
        n_features = X_train.shape[1]
        X_train = jnp.array(X_train, dtype=jnp.float32)
        y_train = jnp.array(y_train, dtype=jnp.float32)

        # Initialize trees
        key = jax.random.PRNGKey(42)
        ensemble_params = []
        for _ in range(config.n_trees):
            key, subkey = jax.random.split(key)
            params = self.tree.init_params(
                subkey, config.depth, n_features, self.split_fn
            )
            ensemble_params.append(params)

        optimizer = optax.adam(config.learning_rate)
        opt_state = optimizer.init(ensemble_params)

        @jax.jit
        def train_step(params, opt_state, X, y, temperature):
            loss, grads = jax.value_and_grad(self._loss_fn)(
                params, X, y, temperature, config
            )
            updates, opt_state = optimizer.update(grads, opt_state, params)
            params = optax.apply_updates(params, updates)
            return params, opt_state, loss

        for epoch in range(config.epochs):
            ensemble_params, opt_state, train_loss = train_step(
                ensemble_params, opt_state, X_train, y_train, 1.0
            )
        return ensemble_params

    def _loss_fn(self, params: list, X, y, temperature: float, config: TrainerConfig):
        """Compute loss for the ensemble."""
        def routing_fn(score):
            return soft_routing(score, temperature)

        preds = []
        for tree_params in params:
            pred = self.tree.forward(tree_params, X, self.split_fn, routing_fn)
            preds.append(pred)

        preds = jnp.stack(preds, axis=0)
        weights = jnp.full((config.n_trees,), config.tree_weight)
        output = boosting_aggregate(preds, weights)

        if self.task == "regression":
            return mse_loss(output, y)
        else:
            return sigmoid_binary_cross_entropy(output, y)
