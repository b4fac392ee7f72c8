# Source: https://github.com/google-deepmind/dm-haiku/blob/v0.0.17/haiku/_src/nets/mlp.py
# Title: google-deepmind/dm-haiku haiku/_src/nets/mlp.py (hk.nets.MLP) as released in dm-haiku 0.0.17
# Cut: kept __init__ and __call__; reverse() and the docstrings are dropped.
from typing import Callable, Iterable

import haiku as hk
import jax


class MLP(hk.Module):
  """A multi-layer perceptron module."""

  def __init__(
      self,
      output_sizes: Iterable[int],
      activation: Callable[[jax.Array], jax.Array] = jax.nn.relu,
      activate_final: bool = False,
      name: str | None = None,
  ):
    super().__init__(name=name)
    self.activation = activation
    self.activate_final = activate_final
    layers = []
    output_sizes = tuple(output_sizes)
    for index, output_size in enumerate(output_sizes):
      layers.append(hk.Linear(output_size=output_size, name="linear_%d" % index))
    self.layers = tuple(layers)
    self.output_size = output_sizes[-1] if output_sizes else None

  def __call__(self, inputs, dropout_rate=None, rng=None):
    rng = hk.PRNGSequence(rng) if rng is not None else None
    num_layers = len(self.layers)

    out = inputs
    for i, layer in enumerate(self.layers):
      out = layer(out)
      if i < (num_layers - 1) or self.activate_final:
        # Only perform dropout if we are activating the output.
        if dropout_rate is not None:
          out = hk.dropout(next(rng), dropout_rate, out)
        out = self.activation(out)

    return out
