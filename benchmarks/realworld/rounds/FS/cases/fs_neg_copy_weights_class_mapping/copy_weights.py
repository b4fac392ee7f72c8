# Source: https://github.com/Jeevesh8/arg_mining/blob/70bed6772fb348a74a9b8b08afc67d3e03fc6379/models/jax/__init__.py
# Title: arg_mining: models/jax/__init__.py (copy_weights: initialise a new classifier head from a pretrained one)
# Cut: kept copy_weights verbatim with its imports; dropped the losses, predictors and get_samples
from typing import Optional, Dict, List, Tuple

import jax
import jax.numpy as jnp


def copy_weights(
    old_mat: jnp.ndarray,
    new_mat: jnp.ndarray,
    mapping: Optional[Dict[int, List[int]]] = None,
) -> jnp.ndarray:
    """
    Args:
        old_mat:   A matrix of shape [old_input_dim, old_output_dim] extracted from some pretrained model.
        new_mat:   A matrix of shape [old_input_dim, new_output_dim] extracted from randomly initialized weights of some model.
        mapping:   A dict mapping i to the list of all j such that new_mat[:, i] is to be assigned the mean{old_mat[:, j] over all j}.
                   By default, for i not specified in the mapping, mean will be taken over all the j.
    Returns:
        A matrix of same shape as new_mat, with weights copied from old_mat as specified in mapping.

    NOTE: This function combines with None indexing and jnp.squeeze to copy 1-D vectors too.
    """

    if mapping is None:
        mapping = {}

    one_dimensional = False
    if jnp.size(old_mat.shape) == jnp.size(new_mat.shape) == 1:
        one_dimensional = True
        old_mat, new_mat = old_mat[None, :], new_mat[None, :]

    old_input_dim, old_output_dim = old_mat.shape
    new_input_dim, new_output_dim = new_mat.shape

    if old_input_dim != new_input_dim:
        raise ValueError(
            "The layer's between which weights are being copied are expected to have same input dimensions. Received shapes: "
            + str(old_mat.shape) + " and " + str(new_mat.shape))

    _mapping = {i: list(range(old_output_dim)) for i in range(new_output_dim)}
    _mapping.update(mapping)

    for i, mean_over in _mapping.items():
        new_mat = jax.ops.index_update(
            new_mat,
            (tuple(range(new_input_dim)), i),
            jnp.mean(jnp.take_along_axis(old_mat,
                                         jnp.array([mean_over]),
                                         axis=-1),
                     axis=-1),
        )

    if one_dimensional:
        new_mat = jnp.squeeze(new_mat)

    return new_mat
