"""Fit how a time grows with the problem size: time ~ c * size**k."""

from __future__ import annotations

import math
from typing import Sequence

# A gradient whose exponent exceeds its forward's by more than this grows
# faster than the forward: the backward pass does work the forward does not.
EXPONENT_GAP = 0.3


def fit_exponent(sizes: Sequence[float], times: Sequence[float]) -> tuple[float, float] | None:
    """Least-squares fit of log(time) = log(c) + k log(size): returns (k, c).

    Points with a missing or non-positive time are ignored; None when fewer
    than two distinct sizes remain.
    """
    points = [
        (math.log(s), math.log(t))
        for s, t in zip(sizes, times)
        if s and s > 0 and t is not None and t > 0
    ]
    if len({x for x, _ in points}) < 2:
        return None
    n = len(points)
    mean_x = sum(x for x, _ in points) / n
    mean_y = sum(y for _, y in points) / n
    sxx = sum((x - mean_x) ** 2 for x, _ in points)
    sxy = sum((x - mean_x) * (y - mean_y) for x, y in points)
    k = sxy / sxx
    return k, math.exp(mean_y - k * mean_x)


def extrapolate(fit: tuple[float, float], size: float) -> float:
    """The time the fit predicts at ``size``."""
    k, c = fit
    return c * size**k


def gradient_outgrows_forward(forward_k: float | None, grad_k: float | None) -> bool:
    """True when the gradient's exponent exceeds the forward's by > 0.3."""
    return forward_k is not None and grad_k is not None and grad_k - forward_k > EXPONENT_GAP
