# Source: https://github.com/cbjones84/NAE_Modular_Backup/blob/d02c741c325934dd7835507cf66b2340ce5b7373/tools/thrml_integration.py
# Title: NAE/tools/thrml_integration.py -- "THRML (Thermodynamic Machine Learning) Integration for NAE"
# Cut: the Gibbs-sampling fallback, ProbabilisticTradingModel, the architecture explorer and the
#      profiler cut; EnergyBasedStrategyModel kept up to its contrastive-divergence step.
import time
from typing import Callable, List, Optional

import jax
import jax.numpy as jnp
from jax import random, jit, grad, vmap


class EnergyBasedStrategyModel:
    """
    Energy-Based Model (EBM) for strategy pattern recognition
    """

    def __init__(self, feature_dim: int, use_thrml: bool = True):
        self.feature_dim = feature_dim
        self.energy_fn = None
        self.weights = None
        self.biases = None

    def build_energy_function(
        self,
        weights: Optional[jnp.ndarray] = None,
        biases: Optional[jnp.ndarray] = None
    ):
        """
        E(x) = -sum(bias_i * x_i) - sum(weight_ij * x_i * x_j)
        """
        if weights is None:
            rng_key = random.PRNGKey(42)
            weights = random.normal(rng_key, (self.feature_dim, self.feature_dim)) * 0.1
        if biases is None:
            biases = jnp.zeros(self.feature_dim)
        self.weights = weights
        self.biases = biases

        def energy_fn(state: jnp.ndarray) -> float:
            unary = -jnp.dot(self.biases, state)
            pairwise = -0.5 * jnp.sum(
                self.weights * jnp.outer(state, state)
            )
            return unary + pairwise

        self.energy_fn = energy_fn
        return energy_fn

    def train_from_data(
        self,
        training_data: List[jnp.ndarray],
        learning_rate: float = 0.01,
        epochs: int = 100,
        batch_size: int = 32
    ):
        """
        Train EBM using contrastive divergence or gradient-based methods
        """
        if self.energy_fn is None:
            self.build_energy_function()

        # Convert to JAX array
        data = jnp.array(training_data)

        # Define loss function (negative log-likelihood)
        def loss_fn(weights, biases, batch):
            # Rebuild energy function with current parameters
            def energy(x):
                unary = -jnp.dot(biases, x)
                pairwise = -0.5 * jnp.sum(weights * jnp.outer(x, x))
                return unary + pairwise

            # Positive phase: energy on data
            positive_energy = jnp.mean(jnp.array([energy(x) for x in batch]))

            # Negative phase: sample from model (simplified - would use MCMC in practice)
            # For now, use contrastive divergence approximation
            negative_samples = self._contrastive_divergence(batch, energy)
            negative_energy = jnp.mean(jnp.array([energy(x) for x in negative_samples]))

            # Loss = positive_energy - negative_energy (we want to minimize this)
            return positive_energy - negative_energy

        # Gradient function
        grad_fn = grad(loss_fn, argnums=(0, 1))

        # Training loop
        for epoch in range(epochs):
            rng_key = random.PRNGKey(epoch)
            indices = random.permutation(rng_key, len(data))
            shuffled_data = data[indices]

            for i in range(0, len(data), batch_size):
                batch = shuffled_data[i:i+batch_size]
                grad_weights, grad_biases = grad_fn(
                    self.weights,
                    self.biases,
                    batch
                )
                self.weights = self.weights - learning_rate * grad_weights
                self.biases = self.biases - learning_rate * grad_biases

            self.build_energy_function(self.weights, self.biases)

    def _contrastive_divergence(
        self,
        data: jnp.ndarray,
        energy_fn: Callable,
        k: int = 1
    ) -> jnp.ndarray:
        """
        Contrastive Divergence: run k steps of Gibbs sampling from data
        """
        samples = data.copy()

        for _ in range(k):
            # One step of block Gibbs sampling
            rng_key = random.PRNGKey(int(time.time()))
            for i in range(len(samples)):
                # Sample each dimension
                current_state = samples[i]
                rng_key, subkey = random.split(rng_key)

                # Propose flip
                proposed_state = 1 - current_state  # For binary

                # Accept/reject
                current_energy = energy_fn(current_state)
                proposed_energy = energy_fn(proposed_state)

                log_accept = -1.0 * (proposed_energy - current_energy)
                accept_prob = jnp.minimum(1.0, jnp.exp(log_accept))

                accept = random.bernoulli(subkey, accept_prob)
                samples = samples.at[i].set(
                    jnp.where(accept, proposed_state, current_state)
                )

        return samples
