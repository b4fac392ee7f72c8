# Source: https://github.com/jacobe90/birdflow_mixture_of_products/blob/7166cd3e6cac282da1862cd8a001f91aadae4473/mixture_of_products_model.py
# Title: birdflow_mixture_of_products: mixture_of_products_model.py (MixtureOfProductsModelFast, 'currently fastest MoP training')
# Cut: kept imports, MixtureOfProductsModelFast, predict and model_forward; the Dev/TakeThree variants and host-side helpers cut

import haiku as hk
from jax.nn import softmax
import jax.numpy as jnp
from jax.random import categorical
import jax
import numpy as np


# currently fastest MoP training
# 250 components ~ 6 minutes
# 1000 components ~ 20 minutes
class MixtureOfProductsModelFast(hk.Module):
    def __init__(self, cells, weeks, n, name="MixtureOfProductsModel", learn_weights=True):
        super().__init__(name=name)
        self.weeks = weeks
        self.cells = cells
        self.n = n  # number of product distributions
        self.learn_weights = learn_weights
        self.vectorized_get_prod_k_marginal = hk.vmap(self.get_prod_k_marginal, split_rng=False, in_axes=(0, None, 0))
        self.batch_size = 2
        self.batched_get_marginals = hk.vmap(self.marginal_batch, split_rng=False, in_axes=(0, None, 0))
        #self.get_marginal_vectorized = hk.vmap(self.get_marginal, split_rng=False, in_axes=(None, 0))
        self.get_components_for_week_vectorized = hk.vmap(self.get_components_for_week, split_rng=False, in_axes=(0))
    def get_prod_k_marginal(self, k, components, weight):
        prod_k_marginal = jnp.asarray(1)
        # note idx is kind of a week
        for idx in range(len(components)): # would it help to eliminate the for loop here too?
            prod_k_marginal = jnp.tensordot(prod_k_marginal, components[idx][k], axes=0)
        return weight * prod_k_marginal
    
    def marginal_batch(self, weights, components, ks):
        marginal = self.vectorized_get_prod_k_marginal(ks, components, weights).sum(axis=0)
        return marginal
    
    def get_components_for_week(self, t):
        return softmax(hk.get_parameter(f'week_{t}', (self.n, self.cells[t]), init=hk.initializers.RandomNormal(), dtype='float32'))
    
    def get_marginal(self, weights, tsteps):
        #components = self.get_components_for_week_vectorized(tsteps)
        components = [softmax(hk.get_parameter(f'week_{t}', (self.n, self.cells[t]), init=hk.initializers.RandomNormal(), dtype='float32')) for t in tsteps]

        # unbatched marginal computation
        return self.vectorized_get_prod_k_marginal(np.arange(self.n), components, weights).sum(axis=0) + 1e-20

    def __call__(self):
        if self.learn_weights:
            # initialize weights
            weights = hk.get_parameter(
                'weights',
                (self.n,),
                init=hk.initializers.RandomNormal(),
                dtype='float32'
            )
        else:
            # fix all weights to be equal
            weights = jnp.zeros(self.n)
        weights = softmax(weights, axis=0)
        
        single_tstep_marginals = [self.get_marginal(weights, [t]) for t in range(self.weeks)]
        pairwise_marginals = [self.get_marginal(weights, [t, t + 1]) for t in range(self.weeks - 1)]
        return single_tstep_marginals, pairwise_marginals


def predict(cells, weeks, n, learn_weights=True):
    model = MixtureOfProductsModelFast(cells, weeks, n, learn_weights=learn_weights)
    return model()


model_forward = hk.transform(predict)
