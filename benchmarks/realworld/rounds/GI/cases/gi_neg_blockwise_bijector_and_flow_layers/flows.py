# Source: https://github.com/chriscarmona/modularbayes/blob/66c4562cf3d08e3238d10438ed5e95f3a741add1/examples/random_effects/flows.py
# Title: examples/random_effects/flows.py (variational flows for the random-effects model)
# Cut: only the cut-parameter domain bijector and the no-cut spline flow are kept; meta-posterior branches removed.
import math

from jax import numpy as jnp
import distrax
from tensorflow_probability.substrates import jax as tfp

import modularbayes
from modularbayes._src.typing import Array, Sequence

tfb = tfp.bijectors


def bijector_domain_nocut() -> distrax.Bijector:
  # sigma goes to [0,Inf]
  bij_domain = distrax.Block(tfb.Softplus(), 1)
  return bij_domain


def bijector_domain_cut(num_groups: int) -> distrax.Bijector:
  block_bijectors = [
      distrax.Block(tfb.Identity(), 1),
      distrax.Block(tfb.Softplus(), 1),
  ]
  block_sizes = [num_groups, 1]
  bij_domain = modularbayes.Blockwise(
      bijectors=block_bijectors, block_sizes=block_sizes)
  return bij_domain


def get_q_nocut_nsf(
    num_groups: int,
    num_layers: int,
    hidden_sizes: Sequence[int],
    num_bins: int,
    range_min: float = 0.0,
    range_max: float = 1.0,
    **_,
) -> distrax.Transformed:
  flow_dim = num_groups

  event_shape = (flow_dim,)

  flow_layers = []

  # Number of parameters required by the bijector (rational quadratic spline)
  num_bijector_params = 3 * num_bins + 1

  def bijector_fn(params: Array):
    return distrax.RationalQuadraticSpline(
        params, range_min=range_min, range_max=range_max)

  # Alternating binary mask.
  mask = jnp.arange(0, math.prod(event_shape)) % 2
  mask = jnp.reshape(mask, event_shape)
  mask = mask.astype(bool)

  for _ in range(num_layers):
    layer = distrax.MaskedCoupling(
        mask=mask,
        bijector=bijector_fn,
        conditioner=modularbayes.MLPConditioner(
            output_dim=math.prod(event_shape),
            hidden_sizes=hidden_sizes,
            num_bijector_params=num_bijector_params,
            name="conditioner_nocut",
        ),
    )
    flow_layers.append(layer)
    # Flip the mask after each layer.
    mask = jnp.logical_not(mask)

  # Last layer: Map values to parameter domain
  bij_domain = bijector_domain_nocut()
  flow_layers.append(bij_domain)

  flow = distrax.Chain(flow_layers[::-1])
  base_distribution = distrax.MultivariateNormalDiag(
      loc=jnp.zeros(event_shape), scale_diag=jnp.ones(event_shape))
  q_distr = modularbayes.Transformed(base_distribution, flow)

  return q_distr
