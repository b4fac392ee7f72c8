"""Loops whose steps compute constants (``analysis/constant_steps.py``): a filter bank, a table of
basis functions or a window built step by step from literals, shapes, the loop counter and counts
is the same array on every call. No gradient flows through it, so the loop is reported at low
confidence only, with the reason; the same loop reading an input array keeps its confidence."""

from __future__ import annotations

import pytest
from conftest import scan_program

PROGRAM = '''
import jax
import jax.numpy as jnp


def mel_bank(n_mels, n_freqs):
    bank = []
    for m in range(n_mels):
        center = (m + 1) / (n_mels + 1)
        f = jnp.linspace(0.0, 1.0, n_freqs)
        bank.append(jnp.maximum(0.0, 1.0 - jnp.abs(f - center) * n_mels))
    return jnp.stack(bank)


def legendre(n_max, n_grid):
    x = jnp.linspace(-1.0, 1.0, n_grid)
    p0 = jnp.ones_like(x)
    p1 = x
    for n in range(1, n_max):
        p0, p1 = p1, ((2 * n + 1) * x * p1 - n * p0) / (n + 1)
    return p1


def window(n_taps, n):
    t = jnp.arange(n) / n
    acc = jnp.zeros(n)
    for k in range(n_taps):
        acc = acc + jnp.cos(2 * jnp.pi * k * t) / (k + 1)
    return acc


def smooth_rows(x):
    acc = jnp.zeros(x.shape[1])
    for i in range(x.shape[0]):
        acc = acc + x[i] ** 2
    return acc


def weighted_bank(n_mels, w):
    bank = []
    for m in range(n_mels):
        bank.append(jnp.tanh(w * m))
    return jnp.stack(bank)


def helper_bank(n_mels, m):
    bank = []
    for k in range(n_mels):
        bank.append(features(k, m))
    return jnp.stack(bank)


@jax.jit
def loss(c, y, w):
    basis = mel_bank(y.shape[0], y.shape[1]) + legendre(y.shape[0], y.shape[1]) + window(y.shape[0], y.shape[1])
    extra = weighted_bank(y.shape[0], w) + helper_bank(y.shape[0], y.shape[1])
    return jnp.sum((c @ (basis + extra) - y) ** 2) + jnp.sum(smooth_rows(y))


g = jax.grad(loss)
'''


@pytest.fixture(scope="module")
def findings(tmp_path_factory):
    found: dict[int, list[dict]] = {}
    for finding in scan_program(tmp_path_factory.mktemp("constant_steps"), PROGRAM):
        found.setdefault(finding["line"], []).append(finding)
    return found


def _line(first: str, then: str = "") -> int:
    """The line that starts with ``first`` and is followed by one that starts with ``then``."""
    lines = [line.strip() for line in PROGRAM.splitlines()]
    return next(n for n, text in enumerate(lines, 1) if text.startswith(first) and n < len(lines) and lines[n].startswith(then))


@pytest.mark.parametrize(
    "first, then, code",
    [
        ("for m in range(n_mels):", "center", "GA101"),  # a filter bank appended row by row
        ("for n in range(1, n_max):", "", "GA103"),  # a three-term recurrence over a fixed grid
        ("for k in range(n_taps):", "", "GA302"),  # a window summed term by term
    ],
)
def test_a_loop_computing_constants_is_low_and_says_why(findings, first, then, code):
    line = _line(first, then)
    found = [f for f in findings.get(line, []) if f["code"] == code]
    assert found, f"no {code} at line {line}: {findings.get(line)}"
    for finding in found:
        assert finding["confidence"] == "low"
        assert any("no gradient flows through it" in item for item in finding["evidence"])


def test_a_loop_reading_an_input_array_keeps_its_confidence(findings):
    # `range(x.shape[0])` makes the shape a count, not `x`: the step reads the data.
    found = findings[_line("for i in range(x.shape[0]):")]
    assert any(f["confidence"] != "low" for f in found)
    assert not any("no gradient flows through it" in item for f in found for item in f["evidence"])


@pytest.mark.parametrize("first, then", [("for m in range(n_mels):", "bank.append(jnp.tanh(w * m))"), ("for k in range(n_mels):", "bank.append(features")])
def test_a_step_reading_a_parameter_or_calling_a_helper_is_not_constant(findings, first, then):
    found = findings.get(_line(first, then), [])
    assert found  # reported as a per-sample map, at its own confidence
    assert not any("no gradient flows through it" in item for f in found for item in f["evidence"])
