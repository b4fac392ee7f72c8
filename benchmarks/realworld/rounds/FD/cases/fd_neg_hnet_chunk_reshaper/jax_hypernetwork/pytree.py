# Source: https://github.com/smonsays/jax-hypernetwork/blob/b294c8cc7f95f4deffc6aca2aeaaf47fd76630ce/jax_hypernetwork/pytree.py
# Title: jax_hypernetwork/pytree.py
# Cut: license header dropped; rest as in the source.
import math
from typing import Any

import jax.numpy as jnp
import jax.tree_util as jtu
import numpy as np

PyTree = Any


class PytreeReshaper:
    def __init__(self, tree_shapes: PyTree):
        self.shapes, self.treedef = jtu.tree_flatten(
            tree_shapes, is_leaf=is_tuple_of_ints
        )
        sizes = [math.prod(shape) for shape in self.shapes]

        self.split_indeces = list(np.cumsum(sizes)[:-1])
        self.num_elements = sum(sizes)

    def __call__(self, array_flat: jnp.ndarray):
        arrays_split = jnp.split(array_flat, self.split_indeces)
        arrays_reshaped = [a.reshape(shape) for a, shape in zip(arrays_split, self.shapes)]

        return jtu.tree_unflatten(self.treedef, arrays_reshaped)


def is_tuple_of_ints(x: Any):
    return isinstance(x, tuple) and all(isinstance(v, int) for v in x)
