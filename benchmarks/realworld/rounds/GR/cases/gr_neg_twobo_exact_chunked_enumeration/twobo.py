# Source: https://github.com/cqsl/sparse-twobody-arnn/blob/fea2952dc2f025c92076b6ab0e3e437254c6032d/nets/twobo.py
# Title: sparse-twobody-arnn nets/twobo.py: TwoBo autoregressive network (equinox) for Boltzmann distributions
# Cut: kept vmap_take and AbstractTwoBo._get_mask_J, __call__, conditional and conditionals; dropped sample() and
#      the concrete layer classes (first_layer / rest_layers are defined there).
# x1 in the code is \xi in the paper

from math import sqrt
from typing import Callable

import equinox as eqx
import jax
import numpy as np
from jax import numpy as jnp
from jax._src.typing import DType
from jaxtyping import Array, PRNGKeyArray

from .arnn import AbstractARNN

vmap_matmul = jax.vmap(jnp.matmul, in_axes=(1, 0), out_axes=1)


def vmap_take(J, mask):
    return jnp.take(J, mask, axis=1).transpose((1, 0, 2))


class AbstractTwoBo(AbstractARNN):
    def _get_mask_J(self, J):
        N = J.shape[0]
        mask_J = []
        len_x1 = 0
        for idx in range(N):
            # Select the non-zero rows of the interaction matrix J
            sub_J = J[:idx, idx:]
            non_zero_cols = np.any(sub_J != 0, axis=0)
            indices = np.argwhere(non_zero_cols).squeeze(axis=1)
            mask_J.append(idx + indices)
            len_x1 = max(len_x1, len(indices))
        for idx in range(N):
            mask_J[idx] = np.pad(mask_J[idx], ((0, len_x1 - mask_J[idx].size),))
        mask_J = np.stack(mask_J)
        # mask_J: (N, len_x1), mask_J[0, :] == 0
        mask_J = jnp.asarray(mask_J)
        return mask_J

    def __call__(self, x: Array, ham_params: Array, beta: float) -> Array:
        x_hat = self.conditionals(x, ham_params, beta)
        log_p = self.get_log_p(x, x_hat)
        return log_p

    # idx in [0, N - 1]
    # Returns: (batch_size,)
    def conditional(self, x: Array, idx: int, J: Array, beta: float) -> Array:
        if idx == 0:
            batch_size = x.shape[0]
            x_hat_0 = jax.nn.sigmoid(self.b0)
            x_hat_0 = jnp.broadcast_to(x_hat_0, (batch_size,))
            return x_hat_0
        else:
            x1_i = self.first_layer_i(x, idx, J, beta, self.use_beta_skip)
            x_hat_i = self.rest_layers_i(x1_i, idx)
            return x_hat_i

    # Returns: (batch_size, N)
    def conditionals(self, x: Array, J: Array, beta: float) -> Array:
        batch_size = x.shape[0]

        x1 = self.first_layer(x, J, beta, self.use_beta_skip)
        x_hat = self.rest_layers(x1)

        x_hat_0 = jax.nn.sigmoid(self.b0)
        x_hat_0 = jnp.broadcast_to(x_hat_0, (batch_size, 1))
        x_hat = jnp.concatenate([x_hat_0, x_hat], axis=1)
        return x_hat

