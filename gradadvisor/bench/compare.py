"""Compare two results (values or gradient pytrees) leaf by leaf.

Element-wise relative error is useless here: a correct rewrite changes the
summation order, and tiny entries then differ by 1e-3 relative or more. A leaf
passes when ``max|a - b| <= rtol * max|b| + atol * scale``, where ``scale`` is
the largest magnitude in the whole baseline result, so an all-zero leaf passes
when the candidate's entries are rounding noise relative to the rest.

NaN or inf in either result is never a match nor a mismatch: such a leaf is
"not compared" (``ok`` is None), unless its finite entries already differ.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

# Default rtol by floating dtype: measured here, a correct float32 rewrite
# differs by at most ~4e-6 of the leaf's largest magnitude, float64 by ~1e-14.
DEFAULT_RTOL = {"float64": 1e-10, "float32": 1e-4, "float16": 1e-2, "bfloat16": 1e-2}


def default_rtol(dtype: Any) -> float:
    """The default rtol for a leaf dtype (integers compare exactly)."""
    name = np.dtype(dtype).name
    if name in DEFAULT_RTOL:
        return DEFAULT_RTOL[name]
    return 0.0 if np.issubdtype(np.dtype(dtype), np.integer) else 1e-4


@dataclass
class LeafDiff:
    """How one leaf of the candidate differs from the baseline."""

    path: str
    shape: tuple[int, ...]
    dtype: str
    max_abs_err: float
    max_rel_err: float
    rtol: float
    atol_abs: float  # the absolute tolerance applied: atol x largest magnitude
    ok: bool | None  # None: not compared (NaN or inf in either result)
    nonfinite: str = ""


@dataclass
class Comparison:
    """The verdict on one result: ok, the leaves, and any structural problems.

    ``ok`` is True when every leaf matches, False when one differs (or the
    structure, a shape or a dtype does), None when nothing differs but some
    leaf could not be compared (NaN or inf).
    """

    ok: bool | None
    leaves: list[LeafDiff] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def max_abs_err(self) -> float | None:
        errs = [leaf.max_abs_err for leaf in self.leaves]
        return max(errs) if errs else None

    @property
    def max_rel_err(self) -> float | None:
        errs = [leaf.max_rel_err for leaf in self.leaves]
        return max(errs) if errs else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "max_abs_err": self.max_abs_err,
            "max_rel_err": self.max_rel_err,
            "problems": list(self.problems),
            "leaves": [asdict(leaf) for leaf in self.leaves],
        }


def _flatten(tree: Any) -> tuple[list[tuple[str, Any]], Any]:
    import jax

    with_path, treedef = jax.tree_util.tree_flatten_with_path(tree)
    return [(jax.tree_util.keystr(path) or "(root)", leaf) for path, leaf in with_path], treedef


def _describe_nonfinite(name: str, arr: np.ndarray) -> str:
    nans = int(np.isnan(arr).sum())
    infs = int(np.isinf(arr).sum())
    parts = [f"{nans} NaN" if nans else "", f"{infs} inf" if infs else ""]
    return f"{name} has " + " and ".join(p for p in parts if p)


def compare_trees(
    baseline: Any,
    candidate: Any,
    rtol: float | None = None,
    atol: float | None = None,
) -> Comparison:
    """Compare ``candidate`` to ``baseline`` (the reference) leaf by leaf.

    ``rtol=None`` picks the default for each leaf's dtype; ``atol=None`` uses
    the same number as the leaf's rtol (as a fraction of the largest magnitude
    in the baseline). Structure, shape and dtype mismatches make the comparison
    fail, with a problem saying so; NaN or inf in either result makes the leaf
    "not compared" (``ok`` None) unless its finite entries differ.
    """
    base_leaves, base_def = _flatten(baseline)
    cand_leaves, cand_def = _flatten(candidate)
    if base_def != cand_def:
        return Comparison(
            ok=False,
            problems=[f"structure differs: baseline {base_def}, candidate {cand_def}"],
        )
    base_arrays = [(path, np.asarray(leaf)) for path, leaf in base_leaves]
    cand_arrays = [np.asarray(leaf) for _, leaf in cand_leaves]
    finite_maxima = [
        float(np.max(np.abs(b[np.isfinite(b)]))) if np.isfinite(b).any() else 0.0
        for _, b in base_arrays
        if b.size and np.issubdtype(b.dtype, np.number)
    ]
    scale = max(finite_maxima, default=0.0)
    result = Comparison(ok=True)
    for (path, b), a in zip(base_arrays, cand_arrays):
        if a.shape != b.shape:
            result.ok = False
            result.problems.append(
                f"{path}: shape differs: baseline {b.shape}, candidate {a.shape}"
            )
            continue
        if a.dtype != b.dtype:
            result.ok = False
            result.problems.append(
                f"{path}: dtype differs: baseline {b.dtype}, candidate {a.dtype}"
            )
            continue
        leaf_rtol = default_rtol(b.dtype) if rtol is None else rtol
        leaf_atol = leaf_rtol if atol is None else atol
        b64 = b.astype(np.float64) if b.size else b
        a64 = a.astype(np.float64) if a.size else a
        nonfinite = [
            _describe_nonfinite(who, arr)
            for who, arr in (("baseline", b64), ("candidate", a64))
            if arr.size and not np.isfinite(arr).all()
        ]
        both_finite = np.isfinite(a64) & np.isfinite(b64) if b.size else np.zeros(0, bool)
        if both_finite.any():
            diff = np.abs(a64[both_finite] - b64[both_finite])
            max_abs = float(diff.max())
            finite_b = np.abs(b64[np.isfinite(b64)])
            bmax = float(finite_b.max())
        elif b.size:
            max_abs, bmax = float("nan"), float("nan")
        else:
            max_abs, bmax = 0.0, 0.0
        if bmax > 0:
            max_rel = max_abs / bmax
        elif bmax == 0:
            max_rel = 0.0 if max_abs == 0 else float("inf")
        else:
            max_rel = float("nan")
        within = bool(both_finite.any()) and max_abs <= leaf_rtol * bmax + leaf_atol * scale
        if not b.size:
            ok: bool | None = True
        elif nonfinite:
            # the finite entries may already differ; otherwise nothing can be said
            ok = False if both_finite.any() and not within else None
            result.problems.append(f"{path}: " + "; ".join(nonfinite) + " (not compared)")
        else:
            ok = within
        result.ok = _combine(result.ok, ok)
        result.leaves.append(
            LeafDiff(
                path=path,
                shape=tuple(b.shape),
                dtype=str(b.dtype),
                max_abs_err=max_abs,
                max_rel_err=max_rel,
                rtol=leaf_rtol,
                atol_abs=leaf_atol * scale,
                ok=ok,
                nonfinite="; ".join(nonfinite),
            )
        )
    return result


def _combine(so_far: bool | None, leaf: bool | None) -> bool | None:
    """False wins over None (not compared), which wins over True."""
    if so_far is False or leaf is False:
        return False
    if so_far is None or leaf is None:
        return None
    return True


def combine(*verdicts: bool | None) -> bool | None:
    """One verdict from several (leaves, or input draws): False, else None, else True."""
    result: bool | None = True
    for verdict in verdicts:
        result = _combine(result, verdict)
    return result


def lowest_precision(tree: Any) -> str:
    """The narrowest floating dtype among a tree's leaves ('' if none)."""
    import jax

    order = ["float16", "bfloat16", "float32", "float64"]
    names = {
        np.asarray(leaf).dtype.name
        for leaf in jax.tree_util.tree_leaves(tree)
    }
    floats = [n for n in order if n in names]
    return floats[0] if floats else ""
