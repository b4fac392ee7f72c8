# Source: https://github.com/flyingblackshark/jax-bs-roformer/blob/554fef981b927b2cffadc47158ecfc293eba35b8/bs_roformer.py
# Title: jax-bs-roformer bs_roformer.py (BandSplit, MaskEstimator)
# Cut: kept BandSplit, MLP, jax_unstack, MaskEstimator and DEFAULT_FREQS_PER_BANDS; transformer blocks and
#      BSRoformer.__call__ (which applies BandSplit and one MaskEstimator per stem) dropped.
from typing import Any, Sequence, Tuple
import audax.core
import audax.core.stft
from einops import einsum, rearrange, pack, unpack,repeat
from flax import traverse_util
import jax
import jax.numpy as jnp
import jax.lax as lax
import flax.linen as nn
import audax
import numpy as np


class BandSplit(nn.Module):
    dim:int
    freqs_per_bands_with_complex: Sequence[int]
      
    @nn.compact
    def __call__(self, x):
        to_features = []
        freqs_per_bands_with_complex_cum = np.cumsum(self.freqs_per_bands_with_complex)
        for dim_in in self.freqs_per_bands_with_complex:
          net = nn.Sequential([
              RMSNorm(dim_in),
              nn.Dense(self.dim)
          ])

          to_features.append(net)
        
        x = jnp.split(x,freqs_per_bands_with_complex_cum, axis=-1)

        outs = []
        for split_input, to_feature in zip(x, to_features):
            split_output = to_feature(split_input)
            outs.append(split_output)

        return jnp.stack(outs, axis=-2)
def MLP(
    dim_in,
    dim_out,
    dim_hidden=None,
    depth=1,
    activation=nn.tanh
):
    dim_hidden = default(dim_hidden, dim_in)

    net = []
    dims = (dim_in, *((dim_hidden,) * (depth - 1)), dim_out)

    for ind, (layer_dim_in, layer_dim_out) in enumerate(zip(dims[:-1], dims[1:])):
        is_last = ind == (len(dims) - 2)

        net.append(nn.Dense(layer_dim_out))

        if is_last:
            continue

        net.append(activation)

    return nn.Sequential(net)
def jax_unstack(x, axis=0):
  return [lax.index_in_dim(x, i, axis, keepdims=False) for i in range(x.shape[axis])]
class MaskEstimator(nn.Module):
    dim:int
    dim_inputs: Sequence[int]
    depth:int
    mlp_expansion_factor:int=4
    def setup(self):
        to_freqs = []
        dim_hidden = self.dim * self.mlp_expansion_factor

        for dim_in in self.dim_inputs:
            #net = []
            mlp_layer = MLP(self.dim, dim_in * 2, dim_hidden=dim_hidden, depth=self.depth)
            mlp = nn.Sequential([
                mlp_layer,
                nn.glu]
            )

            to_freqs.append(mlp)
        self.to_freqs = to_freqs

    def __call__(self, x):
        x = jax_unstack(x,axis=-2)

        outs = []

        for band_features, mlp in zip(x, self.to_freqs):
            freq_out = mlp(band_features)
            outs.append(freq_out)

        return jnp.concatenate(outs, axis=-1)
DEFAULT_FREQS_PER_BANDS = [
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2,
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    12, 12, 12, 12, 12, 12, 12, 12,
    24, 24, 24, 24, 24, 24, 24, 24,
    48, 48, 48, 48, 48, 48, 48, 48,
    128, 129,
]
