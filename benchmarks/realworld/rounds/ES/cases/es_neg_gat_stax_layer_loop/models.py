# Source: https://github.com/gcucurull/jax-gat/blob/4d48e2b4c7d65e7f4ee9ece094afc48cc78a8268/models.py
# Title: models.py (Graph Attention Network in JAX, stax-style)
# Cut: GraphAttentionLayer/MultiHeadLayer bodies removed (imported from the repo module name); GAT kept verbatim.
from typing import List

import jax.numpy as np
from jax import lax, random
import jax.nn as nn

from gat_layers import MultiHeadLayer


def GAT(nheads: List[int], nhid: List[int], nclass: int, dropout: float,
        residual: bool=False):
    """
    Graph Attention Network model definition.
    """

    init_funs = []
    attn_funs = []

    nhid += [nclass]
    for layer_i in range(len(nhid)):
        last = layer_i == len(nhid) - 1
        layer_init, layer_fun = MultiHeadLayer(nheads[layer_i], nhid[layer_i],
                                    dropout=dropout, residual=residual,
                                    last_layer=last)
        attn_funs.append(layer_fun)
        init_funs.append(layer_init)

    def init_fun(rng, input_shape):
        params = []
        for i, init_fun in enumerate(init_funs):
            rng, layer_rng = random.split(rng)
            layer_shape, param = init_fun(layer_rng, input_shape)
            params.append(param)
            input_shape = layer_shape
        return input_shape, params

    def apply_fun(params, x, adj, is_training=False, **kwargs):
        rng = kwargs.pop('rng', None)
        rngs = random.split(rng, len(attn_funs))

        for i, layer_fun in enumerate(attn_funs):
            x = layer_fun(params[i], x, adj, rng=rngs[i], is_training=is_training)
        
        return nn.log_softmax(x)

    return init_fun, apply_fun
