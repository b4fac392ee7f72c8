# Source: https://github.com/andrinr/jaxcad/blob/5113de7d552c055825c41990e43459b40a6b48c6/jaxcad/sdf/boolean/union.py
# Title: jaxcad jaxcad/sdf/boolean/union.py
# Cut: base class and smooth_min imported from the package replaced by a local smooth_min; to_functional kept.
from __future__ import annotations

import jax.numpy as jnp
from jax import Array


def smooth_min(a, b, k):
    k = jnp.maximum(k, 1e-10)
    h = jnp.clip(0.5 + 0.5 * (b - a) / k, 0.0, 1.0)
    return b * (1 - h) + a * h - k * h * (1 - h)


class Union:
    """Union of two or more SDFs (combines all shapes).

    Uses smooth minimum for differentiable blending at the intersection.
    """

    def __init__(self, *sdfs, smoothness: float = 0.1):
        if len(sdfs) == 1 and isinstance(sdfs[0], (tuple, list)):
            sdfs = tuple(sdfs[0])
        self.sdfs = sdfs
        self.params = {"smoothness": smoothness}

    @staticmethod
    def sdf(child_sdfs, p: Array, smoothness: float) -> Array:
        """Pure function for union operation."""
        result = child_sdfs[0](p)
        for child in child_sdfs[1:]:
            d = child(p)
            result = smooth_min(result, d, smoothness)
        return result

    def __call__(self, p: Array) -> Array:
        """Union: min over all children with smooth blending"""
        return Union.sdf(self.sdfs, p, self.params["smoothness"])

    def to_functional(self):
        """Return pure function for compilation."""
        return Union.sdf
