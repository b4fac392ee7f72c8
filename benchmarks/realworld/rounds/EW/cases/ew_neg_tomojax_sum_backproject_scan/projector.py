# Source: https://github.com/tristanmanchester/tomojax/blob/a03541f8c647ebff459eb91e3ebcb6238ec53d52/src/tomojax/core/projector.py
# Title: src/tomojax/core/projector.py (parent of 3cd6193 "perf: vectorize chunked backprojection")
# Cut: kept the module imports and sum_backproject_views_T; backproject_view_T is defined elsewhere in the module and not reproduced.
from __future__ import annotations

import math
import operator
from typing import Tuple
from collections import OrderedDict

import jax
import jax.numpy as jnp
import numpy as np

from .geometry.base import Grid, Detector, Geometry, _grid_volume_origin
from .validation import (
    validate_detector,
    validate_detector_grid,
    validate_detector_image,
    validate_grid,
    validate_pose_matrix,
    validate_pose_stack,
    validate_projection_stack,
    validate_volume,
)


def sum_backproject_views_T(
    T_all: jnp.ndarray,
    grid: Grid,
    detector: Detector,
    images: jnp.ndarray,
    *,
    step_size: float | None = None,
    n_steps: int | None = None,
    unroll: int | None = None,
    gather_dtype: str = "fp32",
    det_grid: tuple[jnp.ndarray, jnp.ndarray] | None = None,
) -> jnp.ndarray:
    """Sum explicit mixed-precision adjoints over a fixed chunk without stacking volumes."""
    n_views, _, _ = validate_projection_stack(
        images,
        detector,
        context="sum_backproject_views_T",
    )
    validate_pose_stack(T_all, n_views, context="sum_backproject_views_T")
    validate_detector_grid(det_grid, detector, context="sum_backproject_views_T")
    validate_grid(grid, "sum_backproject_views_T")
    img = jnp.asarray(images, dtype=jnp.float32)

    def body(accum, inputs):
        T_i, img_i = inputs
        bp = backproject_view_T(
            T_i,
            grid,
            detector,
            img_i,
            step_size=step_size,
            n_steps=n_steps,
            unroll=unroll,
            gather_dtype=gather_dtype,
            det_grid=det_grid,
        )
        return accum + bp, None

    init = jnp.zeros((grid.nx, grid.ny, grid.nz), dtype=jnp.float32)
    acc, _ = jax.lax.scan(body, init, (T_all, img))
    return acc
