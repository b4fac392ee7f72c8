"""Arithmetic of the rows of several arrays read at an index (``coef[j] * feats[j]``) is a map when
the index runs over an axis of one of them (``range(feats.shape[0])``): ``.shape`` shows they are
arrays. Counted by ``len()`` they may be lists of numbers, and nothing is reported."""

from __future__ import annotations

import pytest
from conftest import scan_files


@pytest.mark.parametrize(
    ("body", "reported"),
    [
        ("    n = feats.shape[0]\n    terms = [coef[j + 1] * feats[j, ...] for j in range(n)]\n    return jnp.sum(jnp.array(terms), axis=0)\n", True),
        ("    return jnp.stack([coef[j] * feats[j] for j in range(feats.shape[0])])\n", True),
        ("    return jnp.stack([coef[j] * feats[j] for j in range(len(feats))])\n", False),
    ],
)
def test_arithmetic_of_rows_counted_by_an_axis_is_a_map(tmp_path, body, reported):
    source = f"import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(coef, feats):\n{body}"
    assert bool(scan_files(tmp_path, {"m.py": source}, ("GA101",))) == reported

