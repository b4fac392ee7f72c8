"""``cov = K - A @ v``, then ``cov = jnp.diag(cov)`` on one path and the name returned in an
expression (``return mu, cov``, ``return cov.squeeze()``): the diagonal path computes a whole
product to keep its diagonal (GA202), whatever the other path returns."""

from __future__ import annotations

import pytest
from conftest import scan_program

TEMPLATE = '''import jax
import jax.numpy as jnp


@jax.jit
def predict(K, A, v, full=False):
    cov = K - jnp.dot(A, v)
    if not full:
        cov = jnp.diag(cov)
    return {returned}
'''


@pytest.mark.parametrize("returned", ["cov", "cov.squeeze()", "A, cov"])
def test_the_diagonal_path_of_a_returned_matrix(tmp_path, returned):
    found = [f for f in scan_program(tmp_path, TEMPLATE.format(returned=returned)) if f["code"] == "GA202"]
    assert [f["line"] for f in found] == [9], found
