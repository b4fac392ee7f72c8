"""Steady-state timing: calibrated samples, interleaved rounds, pairwise ratios.

Noise on a small shared machine is 20-60% between trials of microsecond
kernels, and it drifts. So each sample repeats a call until it lasts at least
``min_sample_s``; the two functions are sampled alternately (A B A B ...)
after a discarded warm-up round; and a speedup is the median of the ratios of
neighbouring samples, which cancels drift common to both. A speedup is only
claimed when the lowest ratio is at least ``CLAIM_THRESHOLD``.
"""

from __future__ import annotations

import math
import os
import statistics
import time
from dataclasses import dataclass, field
from typing import Callable

CLAIM_THRESHOLD = 1.5
MIN_ROUNDS_TO_CLAIM = 5
MAX_REPEATS = 1_000_000


@dataclass
class Samples:
    """Per-call seconds of each sample of one function."""

    per_call_s: list[float] = field(default_factory=list)
    repeats: int = 1
    spent_s: float = 0.0

    @property
    def median(self) -> float | None:
        return statistics.median(self.per_call_s) if self.per_call_s else None

    @property
    def min(self) -> float | None:
        return min(self.per_call_s) if self.per_call_s else None

    @property
    def spread(self) -> float | None:
        """(max - min) / median: the relative width of the samples."""
        if len(self.per_call_s) < 2 or not self.median:
            return None
        return (max(self.per_call_s) - min(self.per_call_s)) / self.median

    def to_dict(self) -> dict:
        return {
            "median_s": self.median,
            "min_s": self.min,
            "spread": self.spread,
            "samples": len(self.per_call_s),
            "repeats_per_sample": self.repeats,
        }


@dataclass
class Ratio:
    """Pairwise ratios baseline/candidate of interleaved samples."""

    values: list[float] = field(default_factory=list)

    @property
    def median(self) -> float | None:
        return statistics.median(self.values) if self.values else None

    @property
    def low(self) -> float | None:
        return min(self.values) if self.values else None

    @property
    def high(self) -> float | None:
        return max(self.values) if self.values else None

    @property
    def claimed(self) -> bool:
        """Claimed only when even the worst of at least 5 pairs shows 1.5x."""
        return len(self.values) >= MIN_ROUNDS_TO_CLAIM and self.low >= CLAIM_THRESHOLD


def time_once(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def repeats_for(call: Callable[[], object], min_sample_s: float) -> int:
    """How many calls make one sample last ``min_sample_s`` (one call timed)."""
    single = time_once(call)
    if single <= 0:
        return MAX_REPEATS
    return max(1, min(MAX_REPEATS, math.ceil(min_sample_s / single)))


def take_sample(call: Callable[[], object], repeats: int) -> float:
    """Mean seconds per call over ``repeats`` back-to-back calls."""
    start = time.perf_counter()
    for _ in range(repeats):
        call()
    return (time.perf_counter() - start) / repeats


def interleaved(
    calls: dict[str, Callable[[], object]],
    rounds: int,
    min_sample_s: float,
    budgets_s: dict[str, float],
) -> tuple[dict[str, Samples], bool]:
    """Sample every call once per round, in order, after one warm-up round.

    Each function may spend at most its ``budgets_s`` entry; the rounds stop
    when one would overrun (at least one timed round is always taken once the
    warm-up fits). Returns the samples and whether the rounds were cut short.
    """
    samples = {name: Samples() for name in calls}
    for name, call in calls.items():
        start = time.perf_counter()
        samples[name].repeats = repeats_for(call, min_sample_s)
        take_sample(call, samples[name].repeats)  # warm-up round, discarded
        samples[name].spent_s += time.perf_counter() - start
    truncated = False
    for index in range(rounds):
        if index > 0 and any(
            s.spent_s + (s.per_call_s[-1] * s.repeats) > budgets_s[name]
            for name, s in samples.items()
        ):
            truncated = True
            break
        for name, call in calls.items():
            start = time.perf_counter()
            samples[name].per_call_s.append(take_sample(call, samples[name].repeats))
            samples[name].spent_s += time.perf_counter() - start
    return samples, truncated


def pairwise_ratio(baseline: Samples, candidate: Samples) -> Ratio:
    """Ratios of samples taken in the same round (baseline / candidate)."""
    return Ratio(
        [b / c for b, c in zip(baseline.per_call_s, candidate.per_call_s) if c > 0]
    )


def load_average() -> float | None:
    """The 1-minute load average, where the platform has one."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return None


def machine_is_busy(load: float | None, cpus: int | None = None) -> bool:
    """True when other work keeps every core busy (checked before bench starts)."""
    cpus = cpus or os.cpu_count() or 1
    return load is not None and load > cpus
