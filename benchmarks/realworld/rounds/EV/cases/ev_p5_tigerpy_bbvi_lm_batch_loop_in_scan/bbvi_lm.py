# Source: https://github.com/Seb-Lorek/bbvi/blob/e3dc4ed0bf0aa6ddfa2e0d8e382195075d3edd40/tigerpy/bbvi/bbvi_lm.py
# Title: bbvi_lm.py (black-box VI for a Bayesian linear model)
# Cut: package-relative imports replaced by stand-ins; model-graph helpers (log-likelihood, priors, entropy, lower_bound body) and plotting removed; run_bbvi kept whole

import jax
import jax.numpy as jnp

import optax
from functools import partial
from typing import Any, Dict, NamedTuple, Tuple, Union
Array = Any


class BbviState(NamedTuple):
    hyperparams: Dict
    num_obs: int
    key: jax.random.PRNGKey
    opt_state: Any
    params: Any

class EpochState(NamedTuple):
    data: Dict
    hyperparams: Dict
    key: jax.random.PRNGKey
    opt_state: Any
    params: Any


class Bbvi_bayes_lm:
    """Inference algorithm."""

    # ... (constructor, data/hyperparameter set-up and log-density helpers cut)

    @staticmethod
    def lower_bound(variational_params: Dict,
                    data: Dict,
                    *args) -> Array:
        """Negative ELBO (body cut)."""
        ...

    def run_bbvi(self,
                 step_size: Union[Any, float] = 0.01,
                 threshold: float = 1e-2,
                 key_int: int = 1,
                 batch_size: int = 32,
                 num_var_samples: int = 64,
                 chunk_size: int = 1,
                 epochs: int = 1000) -> tuple:
        """
        Method to start the stochastic gradient optimization. The implementation uses Adam.

        Args:
            step_size (float, optional): Step size (learning rate) of the SGD optimizer (Adam).
            Can also be a scheduler. Defaults to 0.001.
            threshold (float, optional): Threshold to stop the optimization. Defaults to 1e-5.
            batch_size (int, optional): Batchsize, i.e. number of samples to use during SGD. Defaults to 32.
            num_var_samples (int, optional): Number of variational samples used for the Monte Carlo integraion. Defaults to 64.
            key_int (int, optional): Integer that is used as key for PRNG in JAX. Defaults to 1.
            chunk_size (int, optional): Chunk sizes of to evaluate. Defaults to 1.
            epoch (int, optional): Number of times that the learning algorithm will
            work thorugh the entire data. Defaults to 1000.

        Returns:
            Tuple: Last ELBO and the optimized variational parameters in a dictionary.
        """

        optimizer = optax.adam(learning_rate=step_size)
        opt_state = optimizer.init(self.init_variational_params)

        def bbvi_body(bbvi_state, data, key):

            neg_elbo, grads = jax.value_and_grad(Bbvi_bayes_lm.lower_bound)(bbvi_state.params,
                                                                            data,
                                                                            bbvi_state.hyperparams,
                                                                            num_var_samples,
                                                                            bbvi_state.num_obs,
                                                                            key)
            updates, opt_state = optimizer.update(grads, bbvi_state.opt_state, bbvi_state.params)
            params = optax.apply_updates(bbvi_state.params, updates)

            return BbviState(bbvi_state.hyperparams,
                             bbvi_state.num_obs,
                             key,
                             opt_state,
                             params), - neg_elbo

        def epoch_body(epoch_state, scan_input):

            key, subkey = jax.random.split(epoch_state.key)
            num_obs = epoch_state.data["response"].shape[0]
            rand_perm = jax.random.permutation(subkey, num_obs)

            bbvi_state = BbviState(epoch_state.hyperparams,
                                   num_obs,
                                   key,
                                   epoch_state.opt_state,
                                   epoch_state.params)

            for i in range(num_obs // batch_size):
                key, subkey = jax.random.split(key)

                if i != num_obs // batch_size:
                    batch_idx =  rand_perm[i * batch_size : (i + 1) * batch_size]
                    data = jax.tree_map(lambda x: x[batch_idx], epoch_state.data)
                    bbvi_state, elbo = bbvi_body(bbvi_state, data, subkey)
                elif i == num_obs // batch_size:
                    batch_idx =  rand_perm[i * batch_size : -1]
                    data = jax.tree_map(lambda x: x[batch_idx], epoch_state.data)
                    bbvi_state, elbo = bbvi_body(bbvi_state, data, subkey)

            return EpochState(epoch_state.data,
                              epoch_state.hyperparams,
                              key,
                              bbvi_state.opt_state,
                              bbvi_state.params), elbo

        @partial(jax.jit, static_argnums=0)
        def jscan(chunk_size: int, epoch_state: EpochState) -> Tuple[EpochState, jnp.array]:

            scan_input = jnp.arange(chunk_size)
            new_state, elbo_chunk = jax.lax.scan(epoch_body, epoch_state, scan_input)

            return new_state, elbo_chunk

        key = jax.random.PRNGKey(key_int)

        epoch_state = EpochState(self.data,
                                 self.hyperparams,
                                 key,
                                 opt_state,
                                 self.init_variational_params)

        elbo_history = jnp.array([])

        for _ in range(epochs // chunk_size):
            epoch_state, elbo_chunk = jscan(chunk_size, epoch_state)
            elbo_history = jnp.append(elbo_history, elbo_chunk, axis=0)
            elbo_delta = abs(elbo_history[-1] - elbo_history[-200]) if len(elbo_history) > 200 else jnp.inf
            if elbo_delta < threshold:
                break

