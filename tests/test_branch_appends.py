"""A list that starts empty before an ``if`` and is filled by a loop in a branch (each branch may
fill it its own way), then joined after the ``if``, is a per-sample map in each branch (advice,
no fix). A branch that uses the list otherwise (reads it back, clears it) is not."""

from __future__ import annotations

from conftest import scan_program

SOURCE = '''
import jax
import jax.numpy as jnp


@jax.jit
def loss(errs, w, drop_mode: bool):
    cands = []
    if drop_mode:
        for c in range(errs.shape[0]):
            cands.append(jnp.mean(jnp.delete(errs, c, axis=0) * w))
    else:
        for c in range(errs.shape[0]):
            cands.append(jnp.mean(errs[c] * w))
    return jnp.min(jnp.array(cands))
'''


def test_each_branch_loop_filling_the_list_is_a_map(tmp_path):
    found = scan_program(tmp_path, SOURCE, low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA101", 10), ("GA101", 13)]
    assert all(f["fix"] is None for f in found)


def test_a_branch_reading_the_list_back_is_not(tmp_path):
    source = SOURCE.replace("            cands.append(jnp.mean(errs[c] * w))", "            cands.append(jnp.mean(errs[c] * w) + len(cands))")
    assert [f["line"] for f in scan_program(tmp_path, source)] == []
