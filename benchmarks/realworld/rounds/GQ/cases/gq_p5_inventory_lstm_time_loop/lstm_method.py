# Source: https://github.com/kevinlmf/Inventory_Optimizer_System/blob/80521cf57f18bc2fd474fcd6af14b7497fdd3ec9/src/methods/ml_methods/lstm.py
# Title: Inventory_Optimizer_System src/methods/ml_methods/lstm.py (LSTMInventoryMethod training)
# Cut: the method class reduced to sequence building and _train_model; sequence_length default (30) from __init__
import numpy as np
import jax
import jax.numpy as jnp
from jax import random, jit


class LSTMInventoryMethod:
    def __init__(self, sequence_length: int = 30, batch_size: int = 32, epochs: int = 100,
                 use_attention: bool = False):
        self.sequence_length = sequence_length
        self.batch_size = batch_size
        self.epochs = epochs
        self.use_attention = use_attention
        self.state = None

    def _create_sequences(self, data: np.ndarray):
        """Create input-output sequences for training"""
        X, y = [], []

        for i in range(len(data) - self.sequence_length):
            X.append(data[i:i + self.sequence_length])
            y.append(data[i + self.sequence_length])

        return np.array(X), np.array(y)

    def _train_model(self, X: np.ndarray, y: np.ndarray, rng: jax.random.PRNGKey):
        """Train the LSTM model"""

        @jit
        def train_step(state, batch_x, batch_y, dropout_rng):
            """Single training step"""
            def loss_fn(params):
                if self.use_attention:
                    predictions, _ = state.apply_fn(params, batch_x, training=True, rngs={'dropout': dropout_rng})
                else:
                    predictions = state.apply_fn(params, batch_x, training=True, rngs={'dropout': dropout_rng})
                predictions = predictions.reshape(-1)
                targets = batch_y.reshape(-1)
                loss = jnp.mean((predictions - targets) ** 2)
                return loss

            loss, grads = jax.value_and_grad(loss_fn)(state.params)
            state = state.apply_gradients(grads=grads)
            return state, loss

        n_samples = X.shape[0]
        n_batches = (n_samples + self.batch_size - 1) // self.batch_size

        for epoch in range(self.epochs):
            epoch_loss = 0.0
            rng, dropout_rng = random.split(rng)
            indices = random.permutation(rng, n_samples)
            X_shuffled = X[indices]
            y_shuffled = y[indices]

            for batch_idx in range(n_batches):
                start_idx = batch_idx * self.batch_size
                end_idx = min(start_idx + self.batch_size, n_samples)
                batch_x = X_shuffled[start_idx:end_idx]
                batch_y = y_shuffled[start_idx:end_idx]
                dropout_rng, step_rng = random.split(dropout_rng)
                self.state, batch_loss = train_step(self.state, batch_x, batch_y, step_rng)
                epoch_loss += batch_loss
