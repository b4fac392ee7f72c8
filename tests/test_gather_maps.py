"""A list built by reading another array at each element of an index array (``x[i] for i in
idx``): one gather per element, each transposed into a scatter into a full-size array of zeros
under ``grad``. It is a per-sample map (GA101) whose one call is an indexing; look-alikes are a
few literal positions and a loop over names of a mapping."""

from __future__ import annotations

import pytest
from conftest import scan_program

GATHER = '''
import jax
import jax.numpy as jnp


def rows(x, {params}):
    return jnp.stack([{body}])


g = jax.grad(lambda x, idx: jnp.sum(rows(x, idx) ** 2))
'''


@pytest.mark.parametrize("params, body", [
    ("idx", "x[i] for i in idx"),
    ("idx", "x[idx[k]] * 2.0 for k in range(idx.shape[0])"),
])
def test_a_gather_per_element_of_an_index_array_is_a_sample_map(tmp_path, params, body):
    found = scan_program(tmp_path, GATHER.format(params=params, body=body))
    assert [f["code"] for f in found] == ["GA101"]
    assert "jax.vmap(lambda" in found[0]["message"]


def test_a_row_read_at_its_own_position_is_a_gather_per_row(tmp_path):
    # ``logits[i, actions[i]]``: the chosen entry of each row, one gather (and one scatter under
    # ``grad``) per row; ``logits[jnp.arange(n), actions]`` or a vmap reads them all
    found = scan_program(tmp_path, GATHER.format(params="idx", body="x[i, idx[i]] for i in range(x.shape[0])"))
    assert [f["code"] for f in found] == ["GA101"]
    assert "jax.vmap(lambda idx_i, x_i: x_i[idx_i])(idx, x)" in found[0]["message"]


@pytest.mark.parametrize("params, body", [
    ("idx", "x[i, idx[i]] for i in range(3)"),  # three rows: small
    ("idx", "axis[idx[:, k]] for k, axis in enumerate(x)"),  # one array of breakpoints per axis: a list, often ragged
    ("idx", "x[i] for i in (0, 3, 5)"),  # three literal positions: small
    ("names", "x[name] for name in names"),  # entries of a mapping, by their names
])
def test_a_few_positions_or_named_entries_are_not_gathers_over_data(tmp_path, params, body):
    assert scan_program(tmp_path, GATHER.format(params=params, body=body)) == []


def test_an_element_that_does_not_read_the_loop_is_a_copy_not_a_gather(tmp_path):
    # ``x[0] for i in idx``: nothing is gathered per element; the same row stacked once per
    # element of ``idx`` is copies of it (``analysis/stacked_copies.py``), one broadcast
    [found] = scan_program(tmp_path, GATHER.format(params="idx", body="x[0] for i in idx"))
    assert found["code"] == "GA101" and "stacks a copy of `x[0]` per element of `idx`" in found["message"]
    assert "jax.vmap" not in found["message"]
