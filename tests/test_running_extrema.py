"""A running maximum or minimum over a data-sized loop (``worst = jnp.maximum(worst, term)``) folds
one term per step, as a sum does: GA302 reports it (P3), with ``jnp.maximum(worst, jnp.max(<terms>,
axis=0))`` as an unsafe fix that says what it leaves unproven (a loop that runs at least once, no
ties). A nested loop folding into one extremum is one accumulation, not a recurrence (GA103). A
fold whose term reads the extremum itself is a recurrence, not a fold."""

from __future__ import annotations

import pytest
from conftest import scan_program

SINGLE = '''
import jax
import jax.numpy as jnp


@jax.jit
def ks(srt):
    n = srt.shape[0]
    worst = 0.0
    for i in range(n):
        worst = jnp.maximum(worst, jnp.abs((i + 1) / n - srt[i]))
    return worst
'''

NESTED = '''
import jax
import jax.numpy as jnp


@jax.jit
def ks(srt):
    n, m = srt.shape
    best = jnp.inf
    for j in range(m):
        for i in range(n):
            best = jnp.minimum(best, jnp.abs((i + 1) / n - srt[i, j]))
    return best
'''


def test_a_running_maximum_is_an_accumulation_with_a_stated_fix(tmp_path):
    found = scan_program(tmp_path, SINGLE, low=False)
    assert [f["code"] for f in found] == ["GA302"]
    assert "running maximum" in found[0]["message"]
    fix = found[0]["fix"]
    assert fix["applicability"] == "unsafe"
    assert "jnp.maximum(worst, jnp.max(" in fix["content"]
    assert any("runs at least once" in item for item in fix["unproven"]) and any("tie" in item for item in fix["unproven"])


def test_a_nested_running_minimum_is_one_accumulation(tmp_path):
    found = scan_program(tmp_path, NESTED, low=False)
    assert [f["code"] for f in found] == ["GA302"]
    assert "jnp.minimum(best, jnp.min(" in found[0]["message"]


@pytest.mark.parametrize("update", ["worst = jnp.maximum(worst, worst * srt[i])", "worst = jnp.maximum(worst, srt[i]) + 1.0"])
def test_a_fold_reading_itself_is_not_an_accumulation(tmp_path, update):
    source = SINGLE.replace("worst = jnp.maximum(worst, jnp.abs((i + 1) / n - srt[i]))", update)
    assert "GA302" not in [f["code"] for f in scan_program(tmp_path, source)]
