# Source: https://github.com/google-research/jaxpruner/blob/f133ee50f31a03d0152b8b272edb534065152f5d/jaxpruner/sparsity_distributions.py
# Title: jaxpruner/sparsity_distributions.py
# Cut: kept imports, erk() and get_sparsities_erdos_renyi(); docstrings shortened

import logging
from typing import Callable, Mapping, Optional, Union, Tuple

import chex
import flax
import jax
import numpy as np

FilterFnType = Callable[[Tuple[str], chex.Array], bool]
CustomSparsityMapType = Mapping[Tuple[str], float]

KERNEL_FILTER_FN = lambda key, param: key[-1] == 'kernel'
NOT_DIM_ONE_FILTER_FN = lambda key, param: param.ndim > 1



def erk(
    param_tree,
    sparsity,
    filter_fn = NOT_DIM_ONE_FILTER_FN,
    custom_sparsity_map = None,
):
  # TODO: Add support for including excluded params in the calculations.
  if isinstance(param_tree, (chex.Array, chex.ArrayNumpy)):
    raise ValueError(
        'Single parameter is provided. Please provide a paramater tree.'
    )

  flat_dict = flax.traverse_util.flatten_dict(param_tree)
  filtered_shape_dict = {
      k: p.shape for k, p in flat_dict.items() if filter_fn(k, p)
  }

  sparsities = get_sparsities_erdos_renyi(
      filtered_shape_dict, sparsity, custom_sparsity_map
  )
  res_dict = {
      k: sparsities[k] if k in sparsities else None
      for k, p in flat_dict.items()
  }
  return_val = flax.traverse_util.unflatten_dict(res_dict)
  if isinstance(param_tree, flax.core.frozen_dict.FrozenDict):
    return_val = flax.core.freeze(return_val)
  return return_val


def get_n_zeros(size, sparsity):
  return int(np.floor(sparsity * size))


def get_sparsities_erdos_renyi(
    var_shape_dict,
    default_sparsity,
    custom_sparsity_map=None,
    include_kernel=True,
    erk_power_scale=1.0,
):
  logging.info(
      (
          'ERK distribution is called with'
          ' default_sparsity=%s, include_kernel=%s, erk_power_scale=%f,'
      ),
      default_sparsity,
      include_kernel,
      erk_power_scale,
  )
  if not var_shape_dict:
    raise ValueError('Variable shape dictionary should not be empty')
  if default_sparsity is None or default_sparsity < 0 or default_sparsity > 1:
    raise ValueError('Default sparsity should be a value between 0 and 1.')

  # We have to enforce custom sparsities and then find the correct scaling
  # factor.
  if custom_sparsity_map is None:
    custom_sparsity_map = {}
  is_eps_valid = False

  # # The following loop will terminate worst case when all masks are in the
  # custom_sparsity_map. This should probably never happen though, since once
  # we have a single variable or more with the same constant, we have a valid
  # epsilon. Note that for each iteration we add at least one variable to the
  # custom_sparsity_map and therefore this while loop should terminate.
  dense_layers = set()
  while not is_eps_valid:
    # We will start with all layers and try to find right epsilon. However if
    # any probablity exceeds 1, we will make that layer dense and repeat the
    # process (finding epsilon) with the non-dense layers.
    # We want the total number of connections to be the same. Let say we have
    # four layers with N_1, ..., N_4 parameters each. Let say after some
    # iterations probability of some dense layers (3, 4) exceeded 1 and
    # therefore we added them to the dense_layers set. Those layers will not
    # scale with erdos_renyi, however we need to count them so that target
    # paratemeter count is achieved. See below.
    # eps * (p_1 * N_1 + p_2 * N_2) + (N_3 + N_4) =
    #    (1 - default_sparsity) * (N_1 + N_2 + N_3 + N_4)
    # eps * (p_1 * N_1 + p_2 * N_2) =
    #    (1 - default_sparsity) * (N_1 + N_2) - default_sparsity * (N_3 + N_4)
    # eps = rhs / (\sum_i p_i * N_i) = rhs / divisor.

    divisor = 0
    rhs = 0
    raw_probabilities = {}
    for var_name, var_shape in var_shape_dict.items():
      n_param = np.prod(var_shape)
      n_zeros = get_n_zeros(n_param, default_sparsity)
      if var_name in dense_layers:
        # See `- default_sparsity * (N_3 + N_4)` part of the equation above.
        rhs -= n_zeros
      elif var_name in custom_sparsity_map:
        # We ignore custom_sparsities in erdos-renyi calculations.
        pass
      else:
        # Corresponds to `(1 - default_sparsity) * (N_1 + N_2)` part of the
        # equation above.
        n_ones = n_param - n_zeros
        rhs += n_ones
        # Erdos-Renyi probability: epsilon * (n_in + n_out / n_in * n_out).
        if include_kernel:
          raw_probabilities[var_name] = (
              np.sum(var_shape) / np.prod(var_shape)
          ) ** erk_power_scale
        else:
          n_in, n_out = var_shape[-2:]
          raw_probabilities[var_name] = (n_in + n_out) / (n_in * n_out)

        # Note that raw_probabilities[mask] * n_param gives the individual
        # elements of the divisor.
        divisor += raw_probabilities[var_name] * n_param

    # By multipliying individual probabilites with epsilon, we should get the
    # number of parameters per layer correctly.
    eps = rhs / divisor
    # If eps * raw_probabilities[mask.name] > 1. We set the sparsities of that
    # mask to 0., so they become part of dense_layers sets.
    max_prob = np.max(list(raw_probabilities.values()))
    max_prob_one = max_prob * eps
    if max_prob_one > 1:
      is_eps_valid = False
      for var_name, raw_prob in raw_probabilities.items():
        if raw_prob == max_prob:
          logging.info('Sparsity of var: %s had to be set to 0.', var_name)
          dense_layers.add(var_name)
    else:
      is_eps_valid = True

  sparsities = {}
  # With the valid epsilon, we can set sparsities of the remaning layers.
  for var_name, var_shape in var_shape_dict.items():
    n_param = np.prod(var_shape)
    if var_name in custom_sparsity_map:
      sparsities[var_name] = custom_sparsity_map[var_name]
      logging.info(
          'layer: %s has custom sparsity: %f', var_name, sparsities[var_name]
      )
    elif var_name in dense_layers:
      sparsities[var_name] = 0.0
    else:
      probability_one = eps * raw_probabilities[var_name]
      sparsities[var_name] = 1.0 - probability_one
    logging.info(
        'layer: %s, shape: %s, sparsity: %f',
        var_name,
        var_shape,
        sparsities[var_name],
    )
  return sparsities
