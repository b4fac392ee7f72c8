# Source: https://github.com/google-deepmind/fusion_surrogates/blob/d28faa2661a31335b1bfe36bf0937e81c6aa2439/fusion_surrogates/common/networks.py
# Title: fusion_surrogates/common/networks.py (GaussianMLP, GaussianMLPEnsemble)
# Cut: kept the two Gaussian MLP modules (deep-ensemble surrogate with aleatoric + epistemic
#      variance); dropped MLP, DisjointMLPs, ModeMLPs and the CGMNet modules.
from collections.abc import Callable, Mapping
from typing import Final

import flax.linen as nn
import immutabledict
import jax
import jax.numpy as jnp


_ACTIVATION_FNS: Final[Mapping[str, Callable[[jax.Array], jax.Array]]] = (
    immutabledict.immutabledict({
        'relu': nn.relu,
        'tanh': nn.tanh,
        'sigmoid': nn.sigmoid,
    })
)


class GaussianMLP(nn.Module):
  """An MLP with dropout, outputting a mean and variance."""

  num_hiddens: int
  hidden_size: int
  dropout: float
  activation: str

  @nn.compact
  def __call__(
      self,
      x,
      deterministic: bool = False,
  ):
    for _ in range(self.num_hiddens - 1):
      x = nn.Dense(self.hidden_size)(x)
      x = nn.Dropout(rate=self.dropout, deterministic=deterministic)(x)
      x = _ACTIVATION_FNS[self.activation](x)
    mean_and_var = nn.Dense(2)(x)
    mean = mean_and_var[..., 0]
    var = mean_and_var[..., 1]
    var = nn.softplus(var)

    return jnp.stack([mean, var], axis=-1)


class GaussianMLPEnsemble(nn.Module):
  """An ensemble of GaussianMLPs."""

  n_ensemble: int
  num_hiddens: int
  hidden_size: int
  dropout: float
  activation: str

  @nn.compact
  def __call__(
      self,
      x,
      deterministic: bool = False,
  ):
    ensemble_output = jnp.stack(
        [
            GaussianMLP(
                self.num_hiddens,
                self.hidden_size,
                self.dropout,
                self.activation,
            )(x, deterministic=deterministic)
            for _ in range(self.n_ensemble)
        ],
        axis=0,
    )
    mean = jnp.mean(ensemble_output[..., 0], axis=0)
    aleatoric = jnp.mean(ensemble_output[..., 1], axis=0)
    epistemic = jnp.var(ensemble_output[..., 0], axis=0)
    return jnp.stack([mean, aleatoric + epistemic], axis=-1)
