# Source: https://github.com/jswu18/distribution-discrepancies/blob/0eb123d6e5dad3f3d614ba8a24ee254a7b998050/kernels.py
# Title: kernels.py (kernels for MMD and kernel Stein discrepancy, registered as JAX pytrees)
# Cut: docstrings, the PolynomialKernel, InverseMultiQuadraticKernel and SteinKernel classes dropped; the registration
#      loop is kept with the two remaining classes.
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Dict, Tuple

import jax.numpy as jnp
import numpy as np
from jax import jacfwd, jit, tree_util


class BaseAutoDiffKernel(ABC):
    @abstractmethod
    def k(self, x: np.ndarray, y: np.ndarray) -> float:
        raise NotImplementedError("Needs to implement k")

    def dk_dx(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        return jacfwd(self.k, argnums=0)(x, y)

    def dk_dy(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        return jacfwd(self.k, argnums=1)(x, y)


@jit
def _l2_squared(x: np.ndarray, y: np.ndarray) -> float:
    xx = jnp.dot(x.T, x)
    xy = jnp.dot(x.T, y)
    yy = jnp.dot(y.T, y)
    return (xx - 2 * xy + yy).reshape()


class GaussianKernel(BaseAutoDiffKernel):
    def __init__(self, sigma: float):
        self.sigma = sigma

    @jit
    def k(self, x: np.ndarray, y: np.ndarray) -> float:
        return jnp.exp(-self.sigma * _l2_squared(x, y))

    def tree_flatten(self) -> Tuple[Tuple, Dict[str, Any]]:
        children = ()
        aux_data = {"sigma": self.sigma}
        return children, aux_data

    @classmethod
    def tree_unflatten(
        cls, aux_data: Dict[str, Any], children: Tuple
    ) -> GaussianKernel:
        return cls(*children, **aux_data)


class LaplacianKernel(BaseAutoDiffKernel):
    def __init__(self, sigma: float):
        self.sigma = sigma

    @jit
    def k(self, x: np.ndarray, y: np.ndarray) -> float:
        return jnp.exp(-self.sigma * jnp.sum(jnp.abs(x - y)).reshape())

    def tree_flatten(self) -> Tuple[Tuple, Dict[str, Any]]:
        children = ()
        aux_data = {"sigma": self.sigma}
        return children, aux_data

    @classmethod
    def tree_unflatten(
        cls, aux_data: Dict[str, Any], children: Tuple
    ) -> LaplacianKernel:
        return cls(*children, **aux_data)


for KernelClass in [
    GaussianKernel,
    LaplacianKernel,
]:
    tree_util.register_pytree_node(
        KernelClass,
        KernelClass.tree_flatten,
        KernelClass.tree_unflatten,
    )
