# Source: https://github.com/tinker495/JAxtar/blob/b0f2ba5e396ad1ec2cc4a4b95350016aebec5dcc/JAxtar/parent_chain.py
# Title: JAxtar/parent_chain.py (Host-side parent-pointer chain walking), tinker495/JAxtar
# Cut: docstring shortened; function kept whole.
"""Host-side parent-pointer chain walking.

Used by bidirectional reconstruction after the jitted search has finished.
"""

from __future__ import annotations

from typing import Any

import jax


INVALID_PARENT_SENTINEL: int = (1 << 32) - 1


def walk_parent_chain(
    parent_records: Any,
    start_index: int,
    max_steps: int,
    *,
    invalid_sentinel: int = INVALID_PARENT_SENTINEL,
) -> tuple[list[int], list[int]]:
    """Walk a parent-pointer chain from ``start_index`` toward the root."""
    idx = int(start_index)
    indices: list[int] = [idx]
    actions: list[int] = []
    for _ in range(max_steps):
        parent = parent_records[idx]
        parent_idx = int(jax.device_get(parent.hashidx.index))
        if parent_idx == invalid_sentinel:
            return indices, actions
        actions.append(int(jax.device_get(parent.action)))
        idx = parent_idx
        indices.append(idx)
    raise RuntimeError("Path reconstruction exceeded max_steps (cycle/corruption suspected)")
