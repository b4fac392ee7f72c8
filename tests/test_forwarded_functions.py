"""A function argument forwarded into a transform through a closure: ``def trace(state, fn, n):
def body(c, _): return fn(c), None; lax.scan(body, state, ...)``. What callers pass for ``fn``
runs under the scan, in this module or another one scanned with it."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from gradadvisor.engine.runner import Settings, lint_paths

UTIL = """
import jax


def trace(state, fn, n):
    def body(carry, _):
        return {call}, None
    out, _ = jax.lax.scan(body, state, None, length=n)
    return out
"""

SAMPLER = """
import jax
import jax.numpy as jnp

from util import trace


def leapfrog(q, p, n_steps=400):
    for _ in range(n_steps):
        p = p - 0.01 * jnp.tanh(q)
        q = q + 0.01 * p
    return q, p


def step(state):
    q, p = state
    return leapfrog(q, p)


def run(q0, p0):
    return trace((q0, p0), step, 1000)
"""


def _scan(tmp_path: Path, files: dict[str, str]):
    for name, text in files.items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    settings = Settings(codes=("GA103",), root=str(tmp_path))
    return {result.path: result for result in lint_paths([(tmp_path / name, name) for name in files], settings, jobs=1)}


def test_a_function_forwarded_into_a_scan_by_a_closure_is_traced(tmp_path):
    results = _scan(tmp_path, {"util.py": UTIL.format(call="fn(carry)"), "sampler.py": SAMPLER})
    findings = results["sampler.py"].findings
    assert [finding.code for finding in findings] == ["GA103"]
    assert "`step` is traced: passed to `trace`, which hands its `fn` to lax.scan (util.py:" in " ".join(findings[0].evidence)


@pytest.mark.parametrize("call", ["carry", "jax.tree_util.tree_map(lambda fn: fn, carry)"])
def test_a_closure_that_does_not_call_the_parameter_forwards_nothing(tmp_path, call):
    results = _scan(tmp_path, {"util.py": UTIL.format(call=call), "sampler.py": SAMPLER})
    assert results["sampler.py"].findings == []
