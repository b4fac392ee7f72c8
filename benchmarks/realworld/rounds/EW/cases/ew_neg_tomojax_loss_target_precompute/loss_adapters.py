# Source: https://github.com/tristanmanchester/tomojax/blob/214365a527d675f38efb86f6944e3fbc98cc56e7/src/tomojax/align/_objectives/loss_adapters.py
# Title: src/tomojax/align/_objectives/loss_adapters.py
# Cut: kept the module imports (loss_kernels import reduced to the two names used) and the target-precompute builders; dropped the other loss builders and the registry; LossState import reduced to a comment.
"""Adapters from typed loss specs to vectorised per-view loss functions."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import jax
import jax.numpy as jnp
import numpy as np

try:  # optional, used for Chamfer loss
    from scipy.ndimage import distance_transform_edt  # type: ignore
except Exception:  # pragma: no cover
    distance_transform_edt = None  # type: ignore

from .loss_kernels import _compute_otsu_threshold, _loss_chamfer_edge

LossState = object  # cut: LossState dataclass


def _precompute_kde_state(state: LossState, targets: jnp.ndarray) -> None:
    bins = int(state.params.get("bins", 32))
    lo = float(np.min(targets))
    hi = float(np.max(targets))
    hi = hi if hi > lo else (lo + 1.0)
    state.bins_x = jnp.linspace(lo, hi, bins)
    state.bins_y = jnp.linspace(lo, hi, bins)
    state.bw_x = float(state.params.get("bw_x", (hi - lo) / max(8.0, bins)))
    state.bw_y = float(state.params.get("bw_y", (hi - lo) / max(8.0, bins)))


def _otsu_thresholds(targets: jnp.ndarray) -> np.ndarray:
    Ys = np.asarray(targets)
    return np.array([_compute_otsu_threshold(Ys[i]) for i in range(Ys.shape[0])], dtype=np.float32)


def _build_chamfer_edge_loss(
    state: LossState,
    targets: jnp.ndarray,
) -> Callable[[jnp.ndarray, jnp.ndarray, LossState], jnp.ndarray]:
    if distance_transform_edt is None:
        raise ValueError("scipy.ndimage is required for chamfer_edge loss")
    Ys = np.asarray(targets, np.float32)
    dts = []
    for i in range(Ys.shape[0]):
        gy, gx = np.gradient(Ys[i])
        mag = np.sqrt(gx * gx + gy * gy)
        edges = mag > (0.5 * max(1e-6, float(np.mean(mag))))
        dts.append(distance_transform_edt(~edges).astype(np.float32))
    state.dt_edge = jax.device_put(jnp.asarray(np.stack(dts, axis=0)))
    return _loss_chamfer_edge
