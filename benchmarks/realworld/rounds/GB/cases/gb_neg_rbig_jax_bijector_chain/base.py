# Source: https://github.com/IPL-UV/rbig_jax/blob/8600f89790ad060321acf2a14e6669572852ea34/rbig_jax/transforms/base.py
# Title: rbig_jax/transforms/base.py -- RBIG (Rotation-Based Iterative Gaussianization) re-implemented in JAX
# Cut: kept BijectorChain, CompositeTransform and the cascade helpers; the abstract bijector
#      base classes are dropped.
import abc
from typing import Callable, Iterable, List, NamedTuple, Optional, Sequence, Tuple

import jax
import jax.numpy as jnp
from chex import Array, dataclass
from flax import struct
from jax.random import PRNGKey

Bijector = object


@struct.dataclass
class BijectorChain:
    bijectors: Iterable[Bijector]

    def forward_and_log_det(self, inputs: Array) -> Tuple[Array, Array]:

        outputs = inputs
        total_logabsdet = jnp.zeros_like(outputs)
        # total_logabsdet = jnp.zeros((outputs.shape[0],))
        # total_logabsdet = jnp.expand_dims(total_logabsdet, axis=1)
        for ibijector in self.bijectors:
            outputs, logabsdet = ibijector.forward_and_log_det(outputs)
            total_logabsdet += logabsdet  # sum_last(logabsdet, ndims=logabsdet.ndim)

        return outputs, total_logabsdet

    def inverse_and_log_det(self, inputs: Array) -> Tuple[Array, Array]:

        outputs = inputs
        total_logabsdet = jnp.zeros_like(outputs)
        # total_logabsdet = jnp.expand_dims(total_logabsdet, axis=1)
        for ibijector in reversed(self.bijectors):
            outputs, logabsdet = ibijector.inverse_and_log_det(outputs)
            total_logabsdet += logabsdet  # sum_last(logabsdet, ndims=logabsdet.ndim)

        return outputs, total_logabsdet

    def forward(self, inputs: Array) -> Array:

        outputs = inputs
        for ibijector in self.bijectors:
            outputs = ibijector.forward(outputs)

        return outputs

    def inverse(self, inputs: Array) -> Array:

        outputs = inputs
        for ibijector in reversed(self.bijectors):
            outputs = ibijector.inverse(outputs)

        return outputs

    def forward_log_det_jacobian(self, inputs: Array) -> Array:

        outputs = inputs
        total_logabsdet = jnp.zeros_like(outputs)
        for ibijector in self.bijectors:
            outputs, logabsdet = ibijector.forward_and_log_det(outputs)
            total_logabsdet += logabsdet

        return total_logabsdet

    def inverse_log_det_jacobian(self, inputs: Array) -> Tuple[Array, Array]:

        outputs = inputs
        total_logabsdet = jnp.zeros_like(outputs)
        # total_logabsdet = jnp.expand_dims(total_logabsdet, axis=1)
        for ibijector in reversed(self.bijectors):
            outputs, logabsdet = ibijector.inverse_and_log_det(outputs)
            total_logabsdet += logabsdet  # sum_last(logabsdet, ndims=logabsdet.ndim)

        return total_logabsdet


def CompositeTransform(bijectors: Sequence[Callable]):
    def init_fun(rng: PRNGKey, n_features: int, **kwargs):

        # initialize params stores
        all_params, forward_funs, inverse_funs = [], [], []
        # create keys
        rng, *layer_rngs = jax.random.split(rng, num=len(bijectors) + 1)
        for i_rng, init_f in zip(layer_rngs, bijectors):

            param, forward_f, inverse_f = init_f(rng=i_rng, n_features=n_features)

            all_params.append(param)
            forward_funs.append(forward_f)
            inverse_funs.append(inverse_f)

        def bijector_chain(params, bijectors, inputs, **kwargs):
            logabsdet = jnp.zeros(inputs.shape[0])
            for bijector, param in zip(bijectors, params):
                inputs, ilogabsdet = bijector(param, inputs, **kwargs)
                logabsdet += ilogabsdet
            return inputs, logabsdet

        def forward_func(params, inputs, **kwargs):
            return bijector_chain(params, forward_funs, inputs, **kwargs)

        def inverse_func(params, inputs, **kwargs):
            return bijector_chain(params[::-1], inverse_funs[::-1], inputs, **kwargs)

        return all_params, forward_func, inverse_func

    return init_fun


def cascade_forward_and_log_det(
    bijectors: dataclass, inputs: Array
) -> Tuple[Array, Array]:
    outputs = inputs
    total_logabsdet = jnp.zeros_like(outputs)
    for ibijector in bijectors:
        outputs, logabsdet = ibijector.forward_and_log_det(outputs)
        total_logabsdet += logabsdet
    return outputs, total_logabsdet


def cascade_inverse_and_log_det(
    bijectors: dataclass, inputs: Array
) -> Tuple[Array, Array]:
    outputs = inputs
    total_logabsdet = jnp.zeros_like(outputs)
    for ibijector in bijectors[::-1]:
        outputs, logabsdet = ibijector.inverse_and_log_det(outputs)
        total_logabsdet += logabsdet
    return outputs, total_logabsdet
