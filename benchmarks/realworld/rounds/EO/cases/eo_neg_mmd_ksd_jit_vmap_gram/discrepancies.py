# Source: https://github.com/jswu18/distribution-discrepancies/blob/0eb123d6e5dad3f3d614ba8a24ee254a7b998050/discrepancies.py
# Title: discrepancies.py
# Cut: docstrings removed; the Kernel Stein and Fisher divergence classes dropped (also from the registration list); MMD and the Gram helpers kept.
from __future__ import annotations

from functools import partial
from typing import Any, Callable, Dict, Tuple

import jax.numpy as jnp
import numpy as np
from jax import jit, tree_util, vmap

from distributions import BaseDistribution
from kernels import BaseKernel


@partial(jit, static_argnames=["kernel"])
def _gram(
    kernel: Callable[[np.ndarray, np.ndarray], np.ndarray], x: np.ndarray, y: np.ndarray
) -> np.ndarray:
    return vmap(
        lambda x_i: vmap(lambda y_i: kernel(x_i, y_i))(y),
    )(x)


@jit
def _remove_diagonal(x: np.ndarray) -> np.ndarray:
    return x[~np.eye(x.shape[0], dtype=bool)].reshape(x.shape[0], -1)


class MaximumMeanDiscrepancy:
    def __init__(self, kernel: BaseKernel):
        self.kernel = kernel

    @jit
    def compute(self, x: np.ndarray, y: np.ndarray) -> float:
        xx = _gram(self.kernel.k, x, x)
        xy = _gram(self.kernel.k, x, y)
        yy = _gram(self.kernel.k, y, y)
        return (
            jnp.mean(_remove_diagonal(xx))
            + jnp.mean(_remove_diagonal(yy))
            - 2 * jnp.mean(xy)
        )

    @jit
    def witness_function(self, x: np.ndarray, y: np.ndarray, t: np.ndarray):
        return vmap(
            lambda t_i: jnp.mean(vmap(lambda x_i: self.kernel.k(x_i, t_i))(x))
            - jnp.mean(vmap(lambda y_i: self.kernel.k(y_i, t_i))(y))
        )(t)

    def tree_flatten(self) -> Tuple[Tuple, Dict[str, Any]]:
        children = ()
        aux_data = {"kernel": self.kernel}
        return children, aux_data

    @classmethod
    def tree_unflatten(
        cls, aux_data: Dict[str, Any], children: Tuple
    ) -> MaximumMeanDiscrepancy:
        return cls(*children, **aux_data)


for DivergenceClass in [
    MaximumMeanDiscrepancy,
]:
    tree_util.register_pytree_node(
        DivergenceClass,
        DivergenceClass.tree_flatten,
        DivergenceClass.tree_unflatten,
    )
