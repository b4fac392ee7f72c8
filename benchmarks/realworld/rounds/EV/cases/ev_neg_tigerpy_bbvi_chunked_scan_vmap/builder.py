# Source: https://github.com/Seb-Lorek/bbvi/blob/cd09bdbbfe1d0b659a54ede0a63e921a4160025e/tigerpy/bbvi/builder.py
# Title: builder.py (commit 'implement jax.lax.scan to allow for chunk_size')
# Cut: package-relative imports replaced by stand-ins; plotting and set_opt_variational_params removed

"""
Black-Box-Variational-Inference.
"""

import jax
import jax.numpy as jnp
from jax.example_libraries import optimizers

import tensorflow_probability.substrates.jax.distributions as tfjd
import tensorflow_probability.substrates.numpy.distributions as tfnd

import matplotlib.pyplot as plt

import functools
from functools import partial

from typing import List, Dict, Tuple, NamedTuple, Callable
from typing import Any
Array = Any
ModelGraph = Any

class BbviState(NamedTuple):
    seed: jax.random.PRNGKey
    opt_state: Any

class Bbvi:
    """
    Inference algorithm.
    """

    def __init__(self, Graph: ModelGraph, num_samples: int, num_iterations: int, key: Any) -> None:
        self.Graph = Graph
        self.DiGraph = Graph.DiGraph
        self.Model = Graph.Model
        self.num_samples = num_samples
        self.num_iterations = num_iterations
        self.key = key
        self.variational_params = {}
        self.opt_variational_params = {}
        self.elbo_history = {"elbo": jnp.array([])}

        self.set_variational_params()

    def set_variational_params(self) -> None:
        """
        Method to set the internal variational parameters.
        """

        for node in self.Graph.prob_traversal_order:
            node_type = self.DiGraph.nodes[node].get("node_type")
            if node_type == "strong":
                attr = self.DiGraph.nodes[node]["attr"]
                self.variational_params[node] = self.init_varparam(attr["dim"])

    def init_varparam(self, dim: Any) -> Dict:
        """
        Method to initialize the internal variational parameters.

        Args:
            dim (Any): Dimension of the parameter.

        Returns:
            Dict: The initial interal variational parameters.
        """

        mu = jnp.zeros(dim)

        lower_tri = jnp.diag(jnp.ones(dim))
        return {"mu": mu, "lower_tri": lower_tri}

    def pass_samples(self, samples: Dict) -> Array:
        """
        Method to pass the samples from method lower_bound to the logprob method.

        Args:
            samples (Dict): Samples from the variational distribution for the parameters of the model in a dictionary.

        Returns:
            Array: The log-probabilities of the model for all the samples.
        """

        def compute_logprob(i):
            sample = {key: value[i] for key, value in samples.items()}
            self.Graph.update_graph(sample)
            return self.Graph.logprob()

        logprobs = jax.vmap(compute_logprob)(jnp.arange(self.num_samples))

        return logprobs

    def lower_bound(self, variational_params: Dict) -> Array:
        """
        Method to calculate the negative ELBO (evidence lower bound).

        Args:
            variational_params (Dict): The varational paramters in a nested dictionary where the first key identifies the paramter of the model.

        Returns:
            Array: Negative ELBO.
        """

        arrays = []
        samples = {}

        for kw in variational_params.keys():
            mu, lower_tri = variational_params[kw]["mu"], variational_params[kw]["lower_tri"]

            samples[kw] = tfjd.MultivariateNormalTriL(loc=mu, scale_tril=lower_tri).sample(sample_shape=(self.num_samples), seed=jax.random.PRNGKey(self.key))

            entropy = jnp.mean(tfjd.MultivariateNormalTriL(loc=mu, scale_tril=lower_tri).log_prob(samples[kw]), keepdims=True)
            arrays.append(entropy)

        means = jnp.concatenate(arrays)

        elbo = jnp.mean(self.pass_samples(samples)) - jnp.sum(means)
        return -elbo

    @partial(jax.jit, static_argnums=(0,1))
    def bbvi_scan(self, chunk_size: int, bbvi_state: BbviState) -> Tuple[BbviState, jnp.array]:

        def bbvi_body(state, i, lower_bound, get_params, opt_update):
            value, grads = jax.value_and_grad(lower_bound)(get_params(state.opt_state))
            opt_state = opt_update(i, grads, state.opt_state)

            return BbviState(state.seed, opt_state), -value

         # pass self.lower_bound, self.get_params, self.opt_update as arguments to bbvi_body
        bbvi_body = functools.partial(bbvi_body, lower_bound=self.lower_bound, get_params=self.get_params, opt_update=self.opt_update)

        scan_input = jnp.arange(chunk_size)
        new_state, elbo_chunk = jax.lax.scan(bbvi_body, bbvi_state, scan_input)

        return new_state, elbo_chunk

    def run_bbvi(self, step_size: float = 0.001, threshold: float = 1e-5, chunk_size: int = 1) -> Tuple:
        """
        Method to start the stochastic optimization. The implementation ueses adam.

        Args:
            step_size (float, optional): Step size or sometimes also learning rate of the adam optimizer. Defaults to 0.01.

        Returns:
            Tuple: Last negative ELBO and the optimized variational parameters in a dictionary.
        """

        self.opt_init, self.opt_update, self.get_params = optimizers.adam(step_size=step_size)
        opt_state = self.opt_init(self.variational_params)

        seed = jax.random.PRNGKey(self.key)
        state = BbviState(seed, opt_state)
        elbo_chunks = []

        for _ in range(self.num_iterations // chunk_size):
            state, elbo_chunk = self.bbvi_scan(chunk_size, state)
            elbo_chunks.append(elbo_chunk)
            elbo_delta = abs(elbo_chunk[-1] - elbo_chunk[-2]) if len(elbo_chunk) > 1 else jnp.inf
            if elbo_delta < threshold:
                break

        elbo_history = jnp.concatenate(elbo_chunks)
        self.elbo_history["elbo"] = elbo_history
        self.elbo_history["iter"] = jnp.arange(len(elbo_history))
        self.variational_params = self.get_params(state.opt_state)
        self.set_opt_variational_params()
        return self.elbo_history["elbo"][-1], self.opt_variational_params

