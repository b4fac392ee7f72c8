"""A loop whose index is read only in slice bounds that shift nearly whole arrays
(``targets = r[n - 1 - i:len(r) - i] + gamma * targets``, an n-step return) counts shifts, not
data: GA103 reports it low, with the reason. A window walking the data (``x[i:i + 2]``) is not
a shift."""

from __future__ import annotations

from conftest import scan_program

PROGRAM = '''from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(0,))
def nstep(n, r, v, gamma):
    targets = v[n - 1:]
    for i in range(n):
        targets = r[n - 1 - i:len(r) - i] + gamma * targets
    return targets


@jax.jit
def pairs(x, h):
    for i in range(x.shape[0] - 1):
        h = jnp.tanh(h + jnp.sum(x[i:i + 2]))
    return h
'''


def test_shifts_are_low_and_windows_walking_the_data_are_not(tmp_path):
    found = {f["line"]: f for f in scan_program(tmp_path, PROGRAM) if f["code"] == "GA103"}
    assert sorted(found) == [10, 17], found
    assert found[10]["confidence"] == "low" and any("counts shifts" in line for line in found[10]["evidence"])
    assert found[17]["confidence"] != "low"
