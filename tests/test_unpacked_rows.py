"""A loop body that unpacks a row into names first (``a, b, p = row[0], row[1], row[2:]``)
before adding a term: the names are locals of one step, inlined into the term like single
assignments, so the loop is GA302's sum. A swap (``a, b = b, a``) reads its own targets: not
split, and no sum."""

from __future__ import annotations

import pytest
from conftest import scan_program

UNPACKED = '''
import jax
import jax.numpy as jnp


def nll(theta, data):
    val = 0.0
    for i in range(data.shape[0]):
        {unpack}
        val += (a * theta - b) ** 2
    return val


g = jax.grad(nll)
'''


@pytest.mark.parametrize("unpack, advice", [
    ("a, b = data[i, 0], data[i, 1]", "jnp.sum((data[:, 0] * theta - data[:, 1]) ** 2, axis=0)"),
    ("row = data[i]\n        a, b = row[0], row[1]", "jax.vmap(lambda data_i: (data_i[0] * theta - data_i[1]) ** 2)(data)"),
])
def test_a_row_unpacked_into_names_is_summed_as_one(tmp_path, unpack, advice):
    found = scan_program(tmp_path, UNPACKED.format(unpack=unpack))
    assert [f["code"] for f in found] == ["GA302"]
    assert advice in found[0]["message"]


def test_a_swap_is_not_split(tmp_path):
    swapped = UNPACKED.format(unpack="a, b = data[i, 0], data[i, 1]\n        a, b = b, a")
    assert [f["code"] for f in scan_program(tmp_path, swapped) if f["code"] == "GA302"] == []


CONDITIONS = '''
import jax
import jax.numpy as jnp


def loss_fun(params, colloc, conds):
    loss = jnp.mean(colloc ** 2)
    for cond in conds:
        t_b, u_b = cond[:, [0]], cond[:, [1]]
        loss += jnp.mean((u_b - jnp.tanh(params * t_b)) ** 2)
    return loss


grads = jax.jit(jax.grad(loss_fun))
'''


def test_a_loop_over_boundary_conditions_is_a_list_of_different_things(tmp_path):
    # `conds` says nothing else of itself: its name breaks the tie (boundary conditions of
    # different sizes, one term each), as `layers` does.
    assert scan_program(tmp_path, CONDITIONS) == []
