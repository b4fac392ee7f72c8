# Source: https://github.com/bhoov/energy-transformer-jax/blob/f01e90c4d6ba4e1504071a9aafd9c19047763d35/image_core.py
# Title: image_core.py -- ImageEnergyTransformer for masked image modeling
# Cut: Patcher, Linear, FullConfig bodies and the checkpoint loader cut; the module and its
#      __call__ (energy descent over the tokens) kept.
from dataclasses import dataclass
from typing import Tuple

import jax
import jax.numpy as jnp
import jax.random as jr
import equinox as eqx
from einops import rearrange

from architecture import ETConfig, EnergyLayerNorm, EnergyTransformer


class Patcher(eqx.Module):
  ...


class Linear(eqx.Module):
  ...


@dataclass
class FullConfig:
  image_shape: Tuple[int, int, int]  # Shape of the image to be processed
  patch_size: int  # Size of the patches to extract from the image
  et_conf: ETConfig = eqx.field(static=True)  # Configuration for the EnergyTransformer
  n_mask: int = 100  # Number of patches to mask out


  patcher: Patcher
  encoder: Linear
  decoder: Linear
  cls_token: jax.Array
  mask_token: jax.Array
  pos_embed: jax.Array
  et: EnergyTransformer
  lnorm: EnergyLayerNorm
  conf: FullConfig

  def __init__(self, key: jax.Array, conf: FullConfig):
    self.conf = conf
    self.patcher = Patcher.from_img_shape(conf.image_shape, conf.patch_size)

    cls_key, mask_key, pos_key, enc_key, dec_key, et_key = jr.split(key, 6)

    self.cls_token = 0.002 * jr.normal(cls_key, (conf.et_conf.D,))
    self.mask_token = 0.002 * jr.normal(mask_key, (conf.et_conf.D,))
    self.pos_embed = 0.002 * jr.normal(
      pos_key, (1 + self.patcher.n_patches, conf.et_conf.D)
    )

    self.encoder = Linear(
      enc_key, dim_in=self.patcher.patch_elements, dim_out=conf.et_conf.D
    )
    self.decoder = Linear(
      dec_key, dim_in=conf.et_conf.D, dim_out=self.patcher.patch_elements
    )
    self.et = EnergyTransformer(et_key, conf.et_conf)
    self.lnorm = EnergyLayerNorm(conf.et_conf.D)

  def encode(self, x):
    """Turn x from img patches to tokens"""
    x = rearrange(x, "... c h w -> ... (c h w)")
    x = self.encoder(x)
    return x

  def decode(self, x):
    g = self.lnorm(x)
    x = self.decoder(g)
    c, h, w = self.patcher.patch_shape
    return rearrange(x, "... (c h w) -> ... c h w", c=c, h=h, w=w)

  def corrupt_tokens(
    self,
    x: jax.Array,  # The input tokens of shape ND
    mask: jax.Array,  # Mask (uint8) of shape N.
  ) -> jax.Array:
    """Corrupt tokens `x` according to schema provided in `mask`."""
    maskmask = jnp.nonzero(mask == 1, size=self.conf.n_mask, fill_value=0)
    x = x.at[maskmask].set(self.mask_token)
    return x

  def prep_tokens(
    self,
    x: jax.Array,  # Encoded tokens of shape ND
    mask: jax.Array,  # uint8 mask of shape N
  ) -> jax.Array:  # Tokens of shape B(N+1)D where tokens have been appropriately masked
    """Prepare tokens for masked image modeling, adding CLS,MASK tokens and POS embeddings"""
    x = self.corrupt_tokens(x, mask)
    x = jnp.concatenate([self.cls_token[None], x])
    x = x + self.pos_embed
    return x

  def __call__(self, x: jnp.ndarray, mask: jnp.ndarray, nsteps=12, alpha=0.1):
    """A complete pipeline for masked image modeling in ET"""
    x = self.patcher.patchify(x)
    x = self.encode(x)
    x = self.prep_tokens(x, mask)  # N+1,D

    get_energy_info = jax.value_and_grad(self.et.energy)
    for i in range(nsteps):
      g = self.lnorm(x)
      E, dEdg = get_energy_info(g)
      x = x - alpha * dEdg

    x = x[1:]  # Discard CLS token, only needed to collect global image representation
    g = self.lnorm(x)
    x = self.decode(g)
    x = self.patcher.unpatchify(x)
    return x

