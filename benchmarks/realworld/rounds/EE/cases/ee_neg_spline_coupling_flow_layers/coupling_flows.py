# Source: https://github.com/google-deepmind/flows_for_atomic_solids/blob/293aecf87956ab7fae58afc36c38f2980f21a1eb/models/coupling_flows.py
# Title: models/coupling_flows.py (flows_for_atomic_solids)
# Cut: docstring shortened; the function body kept. It is built inside the haiku-transformed
#      loss that experiments/train.py differentiates (see train.py in this folder).
import distrax
import haiku as hk
import jax
import jax.numpy as jnp
from tensorflow_probability.substrates import jax as tfp

from flows_for_atomic_solids.models import bijectors
from flows_for_atomic_solids.models import utils


def make_split_coupling_flow(
    event_shape,
    lower,
    upper,
    num_layers,
    num_bins,
    conditioner,
    permute_variables,
    split_axis,
    use_circular_shift,
    prng,
    circular_shift_init=jnp.zeros,
    ):
  """Create a flow that consists of a sequence of split coupling layers."""
  if isinstance(prng, int):
    prng = jax.random.PRNGKey(prng)

  if split_axis >= 0:
    raise ValueError(f'Expected split axis to be negative, got {split_axis}.')

  def bijector_fn(params):
    return distrax.RationalQuadraticSpline(
        params,
        range_min=lower,
        range_max=upper,
        boundary_slopes='circular',
        min_bin_size=(upper - lower) * 1e-4)

  split_size = event_shape[split_axis]
  split_index = split_size // 2
  cyclic_permutation = jnp.roll(jnp.arange(split_size), shift=1)
  block_ndims = len(event_shape) + split_axis
  layers = []
  for _ in range(num_layers):
    sublayers = []

    # Variable permutation.
    if permute_variables:
      if split_size <= 3:
        permutation = cyclic_permutation
      else:
        prng, key = jax.random.split(prng)
        permutation = jax.random.permutation(key, jnp.arange(split_size))
      permute_layer = tfp.bijectors.Permute(permutation, axis=split_axis)
      permute_layer = distrax.Block(permute_layer, block_ndims)
      sublayers.append(permute_layer)

    # Circular shift.
    if use_circular_shift:
      shift = utils.Parameter(
          name='circular_shift',
          param_name='shift',
          shape=event_shape[-1:],
          init=circular_shift_init)()
      shift_layer = bijectors.CircularShift(
          (upper - lower) * shift, lower, upper)
      shift_layer = distrax.Block(shift_layer, len(event_shape))
      sublayers.append(shift_layer)

    # Coupling layers.
    for swap in [True, False]:
      shape_transformed = list(event_shape)
      shape_transformed[split_axis] = (
          split_index if swap else split_size - split_index)
      coupling_layer = distrax.SplitCoupling(
          swap=swap,
          split_index=split_index,
          split_axis=split_axis,
          event_ndims=len(event_shape),
          bijector=bijector_fn,
          conditioner=conditioner['constructor'](
              shape_transformed=shape_transformed,
              num_bijector_params=3 * num_bins + 1,
              lower=lower,
              upper=upper,
              **conditioner['kwargs']))
      sublayers.append(coupling_layer)
    layers.append(distrax.Chain(sublayers))

  return distrax.Chain(layers)
