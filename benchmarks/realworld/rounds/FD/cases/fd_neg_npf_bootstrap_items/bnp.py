# Source: https://github.com/yuneg11/Neural-Process-Family/blob/b6de6a1e3359c32b34dd5c46963d50543b5fb0dd/npf/jax/models/bnp.py
# Title: npf/jax/models/bnp.py (Bootstrapping Neural Process, Neural-Process-Family in JAX/Flax)
# Cut: kept random_choice, sample and the BNPMixin._bootstrap / _residual_sample methods;
#      the relative imports are kept; __call__, log_likelihood and the BANP classes dropped.
from ..typing import *

import jax
from jax import numpy as jnp
from jax import random
from flax import linen as nn

from .cnp import CNPBase
from .canp import CANPBase
from .. import functional as F
from ..data import NPData



# TODO: Further refactor sampling functions

# Temporary implementation of a.ndim == 2 and p.ndim == 2
def random_choice(key, a, shape: Sequence[int] = (), replace: bool = True, p = None, axis: int = 0):
    assert a.ndim == 2 and p is not None and p.ndim == 2, "only support a.ndim == 2 and p.ndim == 2"
    _shape = shape[1:] if shape else ()
    _axis = axis - 1 if axis > 0 else 1
    vaxis = 0 if axis > 0 else 1
    body = lambda _a, _p: random.choice(key, _a, shape=_shape, p=_p, replace=replace, axis=_axis)
    result = jax.vmap(body, in_axes=(vaxis, vaxis), out_axes=vaxis)(a, p)
    return result


def sample(
    key: random.KeyArray,
    *items: Sequence[Union[Array[B, P, X], Array[B, S, P, X]]],
    mask: Array[B, P],
    num_samples: Optional[int] = None,
):
    _x = items[0]
    idx = F.repeat_axis(jnp.arange(_x.shape[-2]), repeats=_x.shape[0], axis=0)

    if num_samples is not None:
        shape = (*_x.shape[:-1], num_samples)
        new_axis = True
    else:
        shape = (_x.shape[0], _x.shape[2], _x.shape[1])
        new_axis = False

    sampled_idx = random_choice(key, idx, shape=shape, p=mask, replace=True, axis=1)                # [batch, points, samples]
    sampled_idx = jnp.expand_dims(jnp.swapaxes(sampled_idx, -1, -2), axis=-1)                       # [batch, samples, points, 1]
    sampled_items = []

    for item in items:
        if new_axis:
            item = jnp.expand_dims(item, axis=-3)
        sampled_item = jnp.take_along_axis(item, indices=sampled_idx, axis=-2)
        sampled_item = F.masked_fill(sampled_item, mask, mask_axis=(0, -2))
        sampled_items.append(sampled_item)

    if len(sampled_items) == 1:
        return sampled_items[0]
    else:
        return sampled_items


class BNPMixin(nn.Module):
    """
    Mixins for Bootstrapping Neural Process
    """

    def _bootstrap(
        self,
        x_ctx:    Array[B, C, X],
        y_ctx:    Array[B, C, Y],
        mask_ctx: Array[B, C],
        num_samples: int = 1,
    ) -> Tuple[Array[B, S, C, Y], Array[B, S, C, Y]]:

        key = self.make_rng("sample")
        b_x_ctx, b_y_ctx = sample(key, x_ctx, y_ctx, mask=mask_ctx, num_samples=num_samples)        # [batch, sample, context, x_dim], [batch, sample, context, y_dim]
        s_x_ctx = F.repeat_axis(x_ctx, num_samples, axis=1)                                         # [batch, sample, context, x_dim]

        b_r_i_ctx = self._encode(b_x_ctx, b_y_ctx, mask_ctx)                                        # [batch, sample, context, r_dim]
        b_r_ctx = self._aggregate(s_x_ctx, b_x_ctx, b_r_i_ctx, mask_ctx)                            # [batch, sample, context, r_dim]
        b_query = jnp.concatenate((s_x_ctx, b_r_ctx), axis=-1)                                      # [batch, sample, context, x_dim + r_dim]
        b_mu, b_sigma = self._decode(b_query, mask_ctx)                                             # [batch, sample, context, y_dim] x 2

        return b_mu, b_sigma                                                                        # [batch, sample, context, y_dim] x 2

    def _residual_sample(
        self,
        x_ctx:    Array[B, C, X],
        y_ctx:    Array[B, C, Y],
        b_mu:     Array[B, S, C, Y],
        b_sigma:  Array[B, S, C, Y],
        mask_ctx: Array[B, C],
    ) -> Tuple[Array[B, S, C, X], Array[B, S, C, Y]]:

        key = self.make_rng("sample")
        s_x_ctx = F.repeat_axis(x_ctx, b_mu.shape[1], axis=1)                                       # [batch, sample, context, x_dim]
        s_y_ctx = F.repeat_axis(y_ctx, b_mu.shape[1], axis=1)                                       # [batch, sample, context, y_dim]

        res = sample(key, (s_y_ctx - b_mu) / b_sigma, mask=mask_ctx)                                # [batch, sample, context, y_dim]
        res -= F.masked_mean(res, mask_ctx, axis=-2, mask_axis=(0, -2), keepdims=True)              # [batch, sample, context, y_dim]

        res_x_ctx = s_x_ctx                                                                         # [batch, sample, context, x_dim]
        res_y_ctx = b_mu + b_sigma * res                                                            # [batch, sample, context, y_dim]
