# Source: https://github.com/XanaduAI/qml-benchmarks/blob/6a070d50c1c9267876192c7b26968ee77e9c88b3/src/qml_benchmarks/models/base.py
# Title: src/qml_benchmarks/models/base.py -- EnergyBasedModel (commit "add probs")
# Cut: the class reduced to the exact partition function and probability helpers added in this commit.
import itertools
from abc import abstractmethod

import jax
import jax.numpy as jnp


class EnergyBasedModel:
    params_: dict = None
    dim: int = None

    @abstractmethod
    def energy(self, params: dict, x: any) -> float:
        pass

    def compute_partition_function(self):
        """
        computes the partition function. Note this scales exponentially with the number of features and
        is therefore only suitable for small models
        """

        print('computing partition fn...')

        def increment_partition_fn(i, val):
            x = all_bitstrings[i]
            return val + jnp.exp(-self.energy(self.params_, x)[0])

        all_bitstrings = jnp.array(list(itertools.product([0, 1], repeat=self.dim )))

        self.partition_function = jax.lax.fori_loop(0, all_bitstrings.shape[0], increment_partition_fn, 0)

        return self.partition_function

    def probability(self, x):
        """
        Compute the probability of a configuration. Requires computation of partition function and is
        therefore only suitable for small models.
        Args:
            x (np.array): A configuration
        """

        if not(hasattr(self, 'partition_function')):
            self.compute_partition_function()

        return jnp.exp(-self.energy(self.params_, x)[0]) / self.partition_function

    def probabilities(self):
        """
        Compute all probabilities. Requires computation of partition function and is
        therefore only suitable for small models.
        """
        @jax.jit
        def prob(x):
            return self.probability(x)

        all_bitstrings = jnp.array(list(itertools.product([0, 1], repeat=self.dim)))
        return jnp.array([prob(x) for x in all_bitstrings])
