# Source: https://github.com/jacobe90/birdflow_mixture_of_products/blob/8df74f3021dfe55b8882bb9fdbbb487321236513/mixture_of_products_model.py
# Title: birdflow_mixture_of_products: mixture_of_products_model.py (haiku mixture-of-products migration model, before the 'first vmap speedup' commit f962f9c)
# Cut: kept Product, MixtureOfProductsModel, predict and model_forward; dropped host-side helpers (compute_marginal, forecast, sampling)

import haiku as hk
from jax.nn import softmax
import jax.numpy as jnp
from jax.random import categorical
import jax
import numpy as np

class Product(hk.Module):
    def __init__(self, cells, idx):
        super().__init__(name=f"Product{idx}")
        self.cells = cells

    def __call__(self, t):
        weekly_marginal = hk.get_parameter(
            f'week_{t}',
            (self.cells[t],),
            init=hk.initializers.RandomNormal(),
            dtype='float32'
        )

        return softmax(weekly_marginal, axis=0)


class MixtureOfProductsModel(hk.Module):
    def __init__(self, cells, weeks, n, name="MixtureOfProductsModel", learn_weights=True):
        super().__init__(name=name)
        self.weeks = weeks
        self.cells = cells
        self.n = n # number of product distributions
        self.products = []
        self.learn_weights = learn_weights
    def get_marginal(self, weights, tsteps):
        marginal = 0
        for k in range(self.n):
            prod_k_marginal = jnp.asarray(1)
            for tstep in tsteps:
                prod_k_marginal = jnp.tensordot(prod_k_marginal, self.products[k](tstep), axes=0)
            marginal += weights[k] * prod_k_marginal
        return marginal

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

        # initialize product distributions
        for k in range(self.n):
            self.products.append(Product(self.cells, k))

        #TODO: vectorize everything more somehow?

        # single_tstep_marginals = []
        # pairwise_marginals = []
        # for t in range(self.weeks):
        #     single_tstep_marginal = 0
        #     for k in range(self.n):
        #         prod_k_marginal = jnp.asarray(1)
        #         for tstep in [t]:
        #             prod_k_marginal = jnp.tensordot(prod_k_marginal, self.products[k](tstep), axes=0)
        #         single_tstep_marginal += weights[k] * prod_k_marginal
        #     single_tstep_marginals.append(single_tstep_marginal)
        #
        # for t in range(self.weeks - 1):
        #     pairwise_marginal = 0
        #     for k in range(self.n):
        #         prod_k_marginal = jnp.asarray(1)
        #         for tstep in [t, t + 1]:
        #             prod_k_marginal = jnp.tensordot(prod_k_marginal, self.products[k](tstep), axes=0)
        #         pairwise_marginal += weights[k] * prod_k_marginal
        #     pairwise_marginals.append(pairwise_marginal)
        single_tstep_marginals = [self.get_marginal(weights, [t]) for t in range(self.weeks)]
        pairwise_marginals = [self.get_marginal(weights, [t, t+1]) for t in range(self.weeks-1)]

        return single_tstep_marginals, pairwise_marginals


def predict(cells, weeks, n, learn_weights=True):
    model = MixtureOfProductsModel(cells, weeks, n, learn_weights=learn_weights)
    return model()


model_forward = hk.transform(predict)
