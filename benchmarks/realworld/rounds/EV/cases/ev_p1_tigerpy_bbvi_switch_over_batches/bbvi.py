# Source: https://github.com/Seb-Lorek/bbvi/blob/afb768dc8e89f7b3734f7165dc23f97bf10217ed/tigerpy/bbvi/bbvi.py
# Title: bbvi.py (tigerpy black-box variational inference)
# Cut: model-graph helpers (mc_logprob, entropy terms, data set-up) and plotting removed; state classes, lower_bound and run_bbvi kept

import jax
import jax.numpy as jnp
import optax
from functools import partial
from typing import Dict, Tuple, NamedTuple, Union
from typing import Any
Array = Any

class BbviState(NamedTuple):
    data: Dict
    batches: list
    num_obs: int
    key: jax.random.PRNGKey
    opt_state: Any
    params: Any
    elbo: Array

class EpochState(NamedTuple):
    data: Dict
    best_elbo: Array
    best_params: Dict
    key: jax.random.PRNGKey
    opt_state: Any
    params: Any


class Bbvi:
    """Inference algorithm."""

    # ... (constructor, data set-up and model-graph log-probability helpers cut)


    def lower_bound(self, 
                    variational_params: Dict,
                    batch_data: Dict,
                    num_obs: int,
                    num_var_samples: int,
                    key: jax.random.PRNGKey) -> Array:
        """
        Method to calculate the negative ELBO (evidence lower bound).

        Args:
            variational_params (Dict): The varational paramters in a nested dictionary where the first key identifies the paramter of the model.
            batch_idx (Array): Indexes of the mini-batch.
            key (jax.random.PRNGKey): A pseudo-random number generation key from JAX.

        Returns:
            Array: Negative ELBO.
        """

        key, *subkeys = jax.random.split(key, len(variational_params)+1)
        # Define samples here or pass from the top ?
        samples = {}
        total_neg_entropy = jnp.array([])
        i = 0
        for kw in variational_params.keys():

            if self.digraph.nodes[kw]["attr"]["param_space"] is None:
                samples, neg_entropy = Bbvi.neg_entropy_unconstr(variational_params, 
                                                                 samples, 
                                                                 kw, 
                                                                 num_var_samples,
                                                                 subkeys[i])
                total_neg_entropy = jnp.append(total_neg_entropy, neg_entropy, axis=0)
                
            elif self.digraph.nodes[kw]["attr"]["param_space"] == "positive":
                samples, neg_entropy = Bbvi.neg_entropy_posconstr(variational_params, 
                                                                  samples, 
                                                                  kw,
                                                                  num_var_samples, 
                                                                  subkeys[i])
                total_neg_entropy = jnp.append(total_neg_entropy, neg_entropy, axis=0)
            
            i += 1

        mc_log_prob = self.mc_logprob(batch_data, samples, num_obs)
        elbo = mc_log_prob - jnp.sum(total_neg_entropy)

        return - elbo

    def run_bbvi(self,
                 step_size: Union[Any, float] = 0.01,
                 threshold: float = 1e-2,
                 key_int: int = 1,
                 batch_size: int = 64,
                 num_var_samples = 64,
                 chunk_size: int = 1,
                 epochs: int = 1000) -> tuple:
        """
        Method to start the stochastic gradient optimization. The implementation uses Adam.

        Args:
            step_size (float, optional): Step size (learning rate) of the SGD optimizer (Adam).
            Can also be a scheduler. Defaults to 0.01.
            threshold (float, optional): Threshold to stop the optimization. Defaults to 1e-2.
            key_int (int, optional): Integer that is used as argument for PRNG in JAX. Defaults to 1.
            batch_size (int, optional): Batchsize, i.e. number of samples to use during SGD. Defaults to 64.
            num_var_samples (int, optional): Number of variational samples used for the Monte Carlo integraion. Defaults to 64.
            chunk_size (int, optional): Chunk sizes of to evaluate. Defaults to 1.
            epoch (int, optional): Number of times that the learning algorithm will
            work thorugh the entire data. Defaults to 1000.

        Returns:
            Tuple: Last ELBO and the optimized variational parameters in a dictionary.
        """

        optimizer = optax.adam(learning_rate=step_size)
        opt_state = optimizer.init(self.init_variational_params)

        def bbvi_body(idx, bbvi_state):
            
            key, subkey = jax.random.split(bbvi_state.key)
            
            funcs = [lambda i=i: bbvi_state.batches[i] for i in range(len(bbvi_state.batches))]
            batch_idx = jax.lax.switch(idx, funcs)
            batch_data = jax.tree_map(lambda x: x[batch_idx], bbvi_state.data)

            # Note: num_var_samples is a global variable
            neg_elbo, grad = jax.value_and_grad(self.lower_bound)(bbvi_state.params,
                                                                           batch_data,
                                                                           bbvi_state.num_obs,
                                                                           num_var_samples,
                                                                           subkey)
            updates, opt_state = optimizer.update(grad, bbvi_state.opt_state, bbvi_state.params)
            params = optax.apply_updates(bbvi_state.params, updates)
            elbo = - neg_elbo

            return BbviState(bbvi_state.data,
                             bbvi_state.batches,
                             bbvi_state.num_obs,
                             key,
                             opt_state,
                             params,
                             elbo)
        
        def epoch_body(epoch_state, scan_input):

            key, subkey = jax.random.split(epoch_state.key)
            num_obs = epoch_state.data["response"].shape[0]
            rand_perm = jax.random.permutation(subkey, num_obs)         
            # Note: batch_size is a global variable
            num_batches = num_obs // batch_size 
            lost_obs = num_obs % num_batches
            cut_rand_perm = jax.lax.slice_in_dim(rand_perm, start_index=0, limit_index=-lost_obs)
            batches = jnp.split(cut_rand_perm, num_batches)

            bbvi_state = BbviState(epoch_state.data,
                                   batches,
                                   num_obs,
                                   key,
                                   epoch_state.opt_state,
                                   epoch_state.params,
                                   jnp.array(0.0))

            # Note: batch_size is a global variable 
            bbvi_state = jax.lax.fori_loop(0, 
                                           num_obs // batch_size, 
                                           bbvi_body, 
                                           bbvi_state)
            
            # Choose max ELBO here and pass to EpochState 
            def true_fn(curr_param, curr_elbo, best_param, best_elbo):
                return curr_param, curr_elbo
            
            def false_fn(curr_param, curr_elbo, best_param, best_elbo):
                return best_param, best_elbo
            
            best_params, best_elbo = jax.lax.cond(bbvi_state.elbo > epoch_state.best_elbo,
                                                         true_fn,
                                                         false_fn,
                                                         bbvi_state.params,
                                                         bbvi_state.elbo,
                                                         epoch_state.best_params, 
                                                         epoch_state.best_elbo)
            
            return EpochState(epoch_state.data,
                              best_elbo,
                              best_params,
                              bbvi_state.key,
                              bbvi_state.opt_state,
                              bbvi_state.params), bbvi_state.elbo

        @partial(jax.jit, static_argnums=0)
        def jscan(chunk_size: int, epoch_state: EpochState) -> Tuple[EpochState, jnp.array]:

            scan_input = jnp.arange(chunk_size)
            new_state, elbo_chunk = jax.lax.scan(epoch_body, epoch_state, scan_input)

            return new_state, elbo_chunk

        key = jax.random.PRNGKey(key_int)
        
        epoch_state = EpochState(self.data,
                                 jnp.array(-jnp.inf),
                                 self.init_variational_params,
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

        self.elbo_hist["elbo"] = elbo_history
        self.elbo_hist["epoch"] = jnp.arange(elbo_history.shape[0])
        self.variational_params = epoch_state.best_params
        self.set_trans_variational_params()

        return epoch_state.best_elbo, self.trans_variational_params
