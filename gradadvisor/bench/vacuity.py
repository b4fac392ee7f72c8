"""When a match proves nothing: results that any plausible candidate reproduces.

A comparison can only tell a right rewrite from a wrong one when the
baseline's result carries information. The baseline's value (or gradient) is
*uninformative* when, ignoring NaN and inf entries:

- every entry is zero or subnormal (below the dtype's smallest normal
  number): a candidate that drops the term, or underflows the same way,
  matches;
- it has two or more entries and all are equal (constant or symmetric
  inputs): a candidate that permutes, transposes or contracts the wrong axis
  matches;
- it is bit-for-bit the same at a second, different draw of the inputs: the
  result does not depend on them, so a constant matches.

A proof is *vacuous* when both the value and the gradient are
uninformative; bench then exits 1 unless ``--allow-vacuous``.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def _float_leaves(tree: Any) -> list[np.ndarray]:
    import jax
    import jax.numpy as jnp

    leaves = [np.asarray(leaf) for leaf in jax.tree_util.tree_leaves(tree)]
    return [leaf for leaf in leaves if jnp.issubdtype(leaf.dtype, jnp.inexact)]


def _smallest_normal(dtype: np.dtype) -> float:
    try:
        return float(np.finfo(dtype).tiny)
    except (TypeError, ValueError):  # bfloat16 and friends numpy cannot describe
        import jax.numpy as jnp

        return float(jnp.finfo(dtype).tiny)


def uninformative(result: Any, at_second_draw: Any = None) -> str | None:
    """Why the baseline's ``result`` cannot tell candidates apart, or None when it can.

    ``at_second_draw`` is the same result at a different draw of the inputs
    (None when there was none).
    """
    leaves = _float_leaves(result)
    finite = [leaf[np.isfinite(leaf)] for leaf in leaves]
    if not any(part.size for part in finite):
        return None  # nothing finite: reported as "not compared" instead
    if all(np.all(np.abs(part) < _smallest_normal(leaf.dtype)) for part, leaf in zip(finite, leaves)):
        return "every entry is zero or subnormal"
    entries = np.concatenate([part.astype(np.float64).ravel() for part in finite])
    if entries.size >= 2 and np.all(entries == entries[0]):
        return f"all {entries.size} entries equal {entries[0]:.6g}"
    if at_second_draw is not None and _identical(leaves, _float_leaves(at_second_draw)):
        return "identical at a second draw of the inputs: it does not depend on them"
    return None


def _identical(first: list[np.ndarray], second: list[np.ndarray]) -> bool:
    return len(first) == len(second) and all(
        a.shape == b.shape and np.array_equal(a, b, equal_nan=True) for a, b in zip(first, second)
    )


def verdict(value_reason: str | None, grad_reason: str | None) -> dict:
    """The JSON ``vacuity`` object: each reason, and whether the proof is vacuous."""
    return {
        "value": value_reason,
        "grad": grad_reason,
        "vacuous": value_reason is not None and grad_reason is not None,
    }


def perturb(args: Any, seed: int = 1) -> tuple[Any, bool]:
    """``args`` with each floating entry multiplied by a U(0.9, 1.1) factor.

    Deterministic (the same factors for the same leaf shapes, in float32 and
    float64), keeps signs and so most domains (log, sqrt); returns the new
    arguments and whether any entry changed.
    """
    import jax
    import jax.numpy as jnp

    rng = np.random.default_rng(seed)
    flat, treedef = jax.tree_util.tree_flatten(args)
    changed = False
    out = []
    for leaf in flat:
        dtype = getattr(leaf, "dtype", None)
        if dtype is None or not jnp.issubdtype(dtype, jnp.inexact):
            out.append(leaf)
            continue
        factors = rng.uniform(0.9, 1.1, size=np.shape(leaf))
        new = jnp.asarray(np.asarray(leaf, dtype=np.float64) * factors, dtype=dtype)
        changed = changed or not np.array_equal(np.asarray(new), np.asarray(leaf))
        out.append(new)
    return treedef.unflatten(out), changed
