"""A list grown one item per step and read at an index a table gives for the step
(``frames.append(frames[parents[i]] @ rot)``, a kinematic tree) carries earlier steps' results:
a recurrence (GA103), with advice that fits a tree (a preallocated array read at the table's
index, or one batch per depth level), not "carry the newest item"."""

from __future__ import annotations

from conftest import scan_program

PROGRAM = '''
import jax
import jax.numpy as jnp


def forward_kinematics(q, offsets, parents):
    frames = [jnp.eye(3)]
    for i in range(1, q.shape[0]):
        c, s = jnp.cos(q[i]), jnp.sin(q[i])
        rot = jnp.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])
        frames.append(frames[parents[i]] @ rot + offsets[i])
    return jnp.stack(frames)


def from_root(q, offsets):
    frames = [jnp.eye(3)]
    for i in range(1, q.shape[0]):
        frames.append(frames[0] * jnp.cos(q[i]) + offsets[i])
    return jnp.stack(frames)


@jax.jit
def loss(q, offsets, parents, target):
    return jnp.sum((forward_kinematics(q, offsets, parents) - target) ** 2) + jnp.sum(from_root(q, offsets))


g = jax.grad(loss)
'''


def test_a_list_read_at_a_table_index_is_a_tree_recurrence(tmp_path):
    findings = {f["line"]: f for f in scan_program(tmp_path, PROGRAM)}
    lines = PROGRAM.splitlines()
    tree = next(n for n, text in enumerate(lines, 1) if "for i in range(1, q.shape[0]):" in text)
    root = next(n for n, text in enumerate(lines, 1) if "for i in range(1, q.shape[0]):" in text and n > tree)
    found = findings[tree]
    assert found["code"] == "GA103" and found["confidence"] == "high"
    assert "an earlier item a table names" in found["message"] and "depth level" in found["message"]
    assert findings.get(root, {}).get("code") != "GA103"  # every step reads the first item: a map, not a chain
