"""A sum over the pairs ``a < b`` written with ``itertools.combinations``: the same triangle as
``for a in range(M): for b in range(a)`` (GA302, advice), one term per pair under the trace.
Look-alikes: pairs of a few fixed indices, pairs of the entries of a list of models. And a value
appended per pair of two data-sized ranges (GA101, advice)."""

from __future__ import annotations

import pytest
from conftest import scan_files, scan_program

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


@pytest.mark.parametrize(
    ("inner", "reported"),
    [
        ("range(48)", True),  # every pair of two data-sized ranges
        ("range(3)", False),  # three channels per row: a map with a small inner loop (not a grid of pairs)
    ],
)
def test_a_value_per_pair_of_two_ranges_is_ga101_advice(tmp_path, inner, reported):
    source = f"import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(q, k):\n    out = []\n    for i in range(48):\n        for j in {inner}:\n            out.append(jnp.tanh(q[i] @ k[j]))\n    return jnp.stack(out)\n"
    found = [f for f in scan_files(tmp_path, {"m.py": source}, ("GA101",)) if "per pair of" in f.message]
    assert bool(found) == reported
    if reported:
        assert "in_axes=(None, 0)" in found[0].message and found[0].fix is None
