# Source: https://github.com/pwhofman/probly/blob/90d88fc4b5f9db17789a31d684b42c9d7a1811a7/src/probly/metrics/jax.py
# Title: src/probly/metrics/jax.py (JAX implementation of Metrics)
# Cut: kept the two calibration-error metrics (classwise and confidence ECE, 15 bins by default);
#      dropped accuracy, FPR/FNR, AUC, precision-recall and ROC metrics and the singledispatch imports.
from __future__ import annotations

import jax
import jax.numpy as jnp


def classwise_ece_jax(y_prob: jax.Array, y_true: jax.Array, *, num_bins: int = 15) -> jax.Array:
    """Compute the classwise expected calibration error for JAX arrays."""
    probs = y_prob.astype(jnp.float32)
    if probs.ndim != 2:
        msg = f"classwise_ece expects probabilities of shape (n, k), got shape {probs.shape}."
        raise ValueError(msg)
    labels = y_true.reshape(-1)
    n, k = probs.shape
    if labels.shape[0] != n:
        msg = f"classwise_ece labels must match probabilities batch size. Got {labels.shape[0]} labels for {n} rows."
        raise ValueError(msg)
    if num_bins < 1:
        msg = f"classwise_ece expects num_bins >= 1, got {num_bins}."
        raise ValueError(msg)

    one_hot = (labels[:, None] == jnp.arange(k)[None, :]).astype(jnp.float32)
    bin_idx = jnp.minimum((probs * num_bins).astype(jnp.int32), num_bins - 1)

    total = jnp.float32(0.0)
    for b in range(num_bins):
        mask = (bin_idx == b).astype(jnp.float32)
        count = mask.sum(axis=0)
        safe_count = jnp.where(count > 0, count, 1.0)
        mean_prob = (probs * mask).sum(axis=0) / safe_count
        freq = (one_hot * mask).sum(axis=0) / safe_count
        total = total + (count / n * jnp.abs(freq - mean_prob)).sum()
    return total / k


def expected_calibration_error_jax(y_prob: jax.Array, y_true: jax.Array, *, num_bins: int = 15) -> jax.Array:
    """Compute the confidence expected calibration error for JAX arrays."""
    probs = y_prob.astype(jnp.float32)
    if probs.ndim != 2:
        msg = f"expected_calibration_error expects probabilities of shape (n, k), got shape {probs.shape}."
        raise ValueError(msg)
    labels = y_true.reshape(-1)
    n = probs.shape[0]
    if labels.shape[0] != n:
        msg = (
            "expected_calibration_error labels must match probabilities batch size. "
            f"Got {labels.shape[0]} labels for {n} rows."
        )
        raise ValueError(msg)
    if num_bins < 1:
        msg = f"expected_calibration_error expects num_bins >= 1, got {num_bins}."
        raise ValueError(msg)

    conf = probs.max(axis=-1)
    correct = (probs.argmax(axis=-1) == labels).astype(jnp.float32)
    bin_idx = jnp.minimum((conf * num_bins).astype(jnp.int32), num_bins - 1)

    total = jnp.float32(0.0)
    for b in range(num_bins):
        mask = (bin_idx == b).astype(jnp.float32)
        count = mask.sum()
        safe_count = jnp.where(count > 0, count, 1.0)
        acc_bin = (correct * mask).sum() / safe_count
        conf_bin = (conf * mask).sum() / safe_count
        total = total + count / n * jnp.abs(acc_bin - conf_bin)
    return total

