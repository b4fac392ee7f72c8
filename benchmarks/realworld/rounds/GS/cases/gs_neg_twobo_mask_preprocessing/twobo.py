# Source: https://github.com/cqsl/sparse-twobody-arnn/blob/fea2952dc2f025c92076b6ab0e3e437254c6032d/nets/twobo.py
# Title: nets/twobo.py (TwoBo sparse autoregressive network)
# Cut: kept _get_mask_J (NumPy preprocessing of the coupling matrix) and the part of
#      TwoBo.__init__ that calls it and builds the per-layer weights; dropped the forward pass.
from math import sqrt
from typing import Callable

import equinox as eqx
import jax
import numpy as np
from jax import numpy as jnp
from jax._src.typing import DType
from jaxtyping import Array, PRNGKeyArray


class AbstractTwoBo(eqx.Module):
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


class TwoBo(AbstractTwoBo):
    w: list[Array]
    b: list[Array]
    activation: Callable[[Array], Array] = eqx.field(static=True)
    param_dtype: DType = eqx.field(static=True)
    mask_x: Array = eqx.field(static=True)
    mask_J: Array = eqx.field(static=True)
    len_x1: int = eqx.field(static=True)

    def __init__(
        self,
        N: int,
        # We assume that J == np.triu(J + J.T, k=1)
        J: Array,
        layers_shape: list[int],
        *,
        activation: Callable[[Array], Array] = jax.nn.gelu,
        param_dtype: DType = None,
        key: PRNGKeyArray = None,
    ):
        self.activation = activation
        self.param_dtype = param_dtype

        mask_x = np.tril(np.ones((N, N), dtype=param_dtype), k=-1)
        self.mask_x = jnp.asarray(mask_x)

        self.mask_J = self._get_mask_J(J)
        len_x1 = self.mask_J.shape[1]
        self.len_x1 = len_x1

        n_layers = len(layers_shape)
        key_w, key_b = jax.random.split(key, 2)
        keys_w = jax.random.split(key_w, n_layers)
        keys_b = jax.random.split(key_b, n_layers)

        small_scale = 1e-2 / sqrt(N)
        self.w = []
        self.b = []
        for i in range(n_layers):
            in_features = len_x1 - 1 if i == 0 else layers_shape[i - 1]
            out_features = layers_shape[i]
            scale = small_scale if i == n_layers - 1 else 1 / sqrt(in_features)

            w = scale * jax.random.truncated_normal(
                keys_w[i], -2, 2, (N - 1, in_features, out_features), param_dtype
            )
            if i == 0:
                # Mask out unused parameters
                w = jnp.where(self.mask_J[1:, 1:, None] == 0, 0, w)
            self.w.append(w)

            b = scale * jax.random.truncated_normal(
                keys_b[i], -2, 2, (N - 1, out_features), param_dtype
            )
            self.b.append(b)
