"""``a[0, i]`` is ``a[0][i]``: a loop over ``range(a.shape[1])`` reading the items of fixed rows
at the index maps over those rows (``jax.vmap(f)(a[0], a[1])``), as one reading columns does."""

from __future__ import annotations

import pytest
from conftest import scan_program

COLUMNS = '''
import jax
import jax.numpy as jnp

def angle(x1, x2):
    return jnp.arctan2(x2, x1)

@jax.jit
def encoder(x, w):
    a = x - w
    b = []
    for i in range(a.shape[1]):
        b.append(angle({first}, {second}))
    return jnp.array(b)
'''


@pytest.mark.parametrize(("first", "second"), [("a[0, i]", "a[1, i]"), ("a[0][i]", "a[1][i]")])
def test_items_of_fixed_rows_read_at_the_index_are_a_map_over_the_rows(tmp_path, first, second):
    found = scan_program(tmp_path, COLUMNS.format(first=first, second=second))
    assert [f["code"] for f in found] == ["GA101"]
    assert "jax.vmap(angle)(a[0], a[1])" in found[0]["message"]


def test_an_item_read_at_a_computed_row_is_not_a_fixed_row(tmp_path):
    # ``a[k, i]`` with ``k`` a variable: not one row walked by the index
    assert scan_program(tmp_path, COLUMNS.format(first="a[w.shape[0] - 1, i]", second="a[1, i]")) == []


TRACE_OF_JACOBIAN = '''
import jax
import jax.numpy as jnp

def kernel(x, y):
    return jnp.exp(-jnp.sum((x - y) ** 2))

@jax.jit
def stein(x, y):
    return jax.jacfwd(jax.jacrev(kernel, 0), 1)(x, y).{kept}()
'''


def test_the_exact_trace_of_a_jacobian_is_low_and_says_so(tmp_path):
    # one pass per input however the trace is written: not a slow shape unless something shows more
    found = scan_program(tmp_path, TRACE_OF_JACOBIAN.format(kept="trace"))
    assert [(f["code"], f["confidence"]) for f in found] == [("GA202", "low")]
    assert "Hutchinson" in found[0]["message"]
    assert scan_program(tmp_path, TRACE_OF_JACOBIAN.format(kept="trace"), low=False) == []
