"""A sum over the pairs ``a < b`` written with ``itertools.combinations``: the same triangle as
``for a in range(M): for b in range(a)`` (GA302, advice), one term per pair under the trace.
Look-alikes: pairs of a few fixed indices, pairs of the entries of a list of models."""

from __future__ import annotations

import pytest
from conftest import scan_program

PAIRS = '''
import itertools

import jax
import jax.numpy as jnp


def energy(pos, models):
    e = 0.0
    for {target} in itertools.combinations({walked}, 2):
        e += {term}
    return e


forces = jax.grad(energy)
'''


@pytest.mark.parametrize("target, walked, term", [
    ("a, b", "pos", "1.0 / jnp.linalg.norm(a - b)"),
    ("i, j", "range(pos.shape[0])", "jnp.exp(-jnp.sum((pos[i] - pos[j]) ** 2))"),
])
def test_pairs_of_rows_are_a_triangle_sum(tmp_path, target, walked, term):
    found = scan_program(tmp_path, PAIRS.format(target=target, walked=walked, term=term))
    assert [f["code"] for f in found] == ["GA302"]
    assert "one term per pair of `itertools.combinations(" in found[0]["message"]


@pytest.mark.parametrize("target, walked, term", [
    ("i, j", "range(3)", "jnp.sum(pos[i] * pos[j])"),  # three fixed indices: three pairs
    ("f, g", "models", "jnp.sum(f(pos) * g(pos))"),  # a list of different models
])
def test_pairs_of_few_or_different_things_are_not_reported(tmp_path, target, walked, term):
    assert scan_program(tmp_path, PAIRS.format(target=target, walked=walked, term=term)) == []
