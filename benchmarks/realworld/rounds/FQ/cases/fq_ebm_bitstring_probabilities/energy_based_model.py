# Source: https://github.com/XanaduAI/qml-benchmarks/blob/0bbf84855d4da9099adea6a7522029795664d05b/src/qml_benchmarks/models/energy_based_model.py
# Title: src/qml_benchmarks/models/energy_based_model.py
# Cut: MLP/DeepEBM, sampling and score cut; the RBM's partition function and visible probabilities kept.
import flax.linen as nn
from qml_benchmarks.models.base import EnergyBasedModel, BaseGenerator
from sklearn.neural_network import BernoulliRBM
from qml_benchmarks.model_utils import mmd_loss, median_heuristic
import numpy as np
import jax
import jax.numpy as jnp
import itertools

class RestrictedBoltzmannMachine(BernoulliRBM, BaseGenerator):
    """
    Implementation of a restricted Boltzmann machine. The model wraps the scikit-learn BernoulliRBM class and is
    trained via constrastive divergence.
    Args:
        n_components (int): Number of hidden units in the RBM
        learning_rate (float): learning rate for training
        batch_size (int): batch size for training
        n_iter (int): number of epochs of training
        verbose (int): verbosity level
        random_state (int): random seed used for reproducibility
        score_fn (str): determinies the score function used in hyperparameter optimization. If 'pseudolikelihood'
            sklearn's pseudolikelihood function is used, if 'mmd' the (negative of) the maximum mean discrepancy is used.
        mmd_kwargs (dict): arguments used for the maximum mean discrepancy score. n_samples and n_steps are the args
            sent to self.sample when sampling configurations used for evaluation. sigma is the bandwidth of the
            maximum mean discrepancy.

    """

    def __init__(
        self,
        n_components=256,
        learning_rate=0.0001,
        batch_size=10,
        n_iter=10,
        verbose=0,
        random_state=42,
        score_fn="pseudolikelihood",
        mmd_kwargs={"n_samples": 1000, "n_steps": 1000, "sigma": 1.0},
    ):
        super().__init__(
            n_components=n_components,
            learning_rate=learning_rate,
            batch_size=batch_size,
            n_iter=n_iter,
            verbose=verbose,
            random_state=random_state,
        )
        self.score_fn = score_fn
        self.mmd_kwargs = mmd_kwargs
        self.rng = np.random.default_rng(random_state)

    def initialize(self, X: any = None):
        if len(X.shape) > 2:
            raise ValueError("Input data must be 2D")
        self.dim = X.shape[1]

    def fit(self, X, y=None):
        """
        fit the model using k-contrastive divergence. simply wraps the sklearn fit function.
        Args:
            X (np.array): training data
            y: not used; set to None to interface with sklearn correctly.
        """
        self.initialize(X)
        super().fit(X, y)

    # Gibbs sampling:
    def energy(self, v, h):
        """
        The energy for a given visible and hidden configuration
        Args:
            v (np.array): visible configuration
            h (np.array): hidden configuration
        """
        c = jnp.array(self.intercept_hidden_)
        b = jnp.array(self.intercept_visible_)
        W = jnp.array(self.components_)
        return - h @ W @ v - jnp.dot(b, v) - jnp.dot(c, h)

    def compute_partition_function(self):
        """
        computes the partition function. Note this scales exponentially with the total number of neurons and
        is therefore only suitable for small models
        """

        print('computing partition fn...')

        def increment_partition_fn(i, val):
            v = all_bitstrings[i, :self.dim]
            h = all_bitstrings[i, self.dim:]
            return val + jnp.exp(-self.energy(v, h))

        all_bitstrings = jnp.array(list(itertools.product([0, 1], repeat=self.dim + self.n_components)))

        self.partition_function = jax.lax.fori_loop(0, all_bitstrings.shape[0], increment_partition_fn, 0)

        return self.partition_function

    def probability(self, v):
        """
        Compute the probability of a visible configuration. Requires computation of partition function and is
        therefore only suitable for small models.
        Args:
            v (np.array): A visible configuration
        """
        def increment_visible_prob(i, val):
            return val + jnp.exp(-self.energy(v, hidden_bitstrings[i]))

        if not(hasattr(self, 'partition_function')):
            self.compute_partition_function()

        hidden_bitstrings = jnp.array(list(itertools.product([0, 1], repeat=self.n_components)))
        hidden_sum = jax.lax.fori_loop(0, hidden_bitstrings.shape[0], increment_visible_prob, 0)
        return hidden_sum / self.partition_function

    def visible_probabilities(self):
        """
        Compute all visible probabilities. Requires computation of partition function and is
        therefore only suitable for small models.
        """
        @jax.jit
        def prob(v):
            return self.probability(v)

        visible_bitstrings = jnp.array(list(itertools.product([0, 1], repeat=self.dim)))
        return np.array([prob(v) for v in visible_bitstrings])

