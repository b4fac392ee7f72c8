"""Compare this run's times with a run saved by ``--save`` (``--compare OLD.json``).

For each target, size, function and measure both runs have, the row gives
the old and new median times and their ratio new/old. The two runs were not
interleaved, so drift between them is not cancelled as it is within one run;
the claim rule is the same as for speedups, applied to every pairing of an
old and a new sample: a time *regressed* when even the most favourable
pairing, the new run's fastest sample against the old run's slowest, is
``CLAIM_THRESHOLD`` (1.5x) slower, and *improved* when the new run's slowest
sample is 1.5x faster than the old run's fastest. A flag is confirmed when
both runs took at least ``MIN_ROUNDS_TO_CLAIM`` (5) samples; only confirmed
regressions make bench exit 1. Compile and first-call times are single
measurements: their ratio is shown, never flagged.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from gradadvisor.bench.loader import UsageError
from gradadvisor.bench.timing import CLAIM_THRESHOLD, MIN_ROUNDS_TO_CLAIM

SAMPLED = (("forward", "forward"), ("grad", "gradient"))
SINGLE = (("compile_s", "compile"), ("first_call_s", "first call"))
FUNCTIONS = ("baseline", "candidate")


def load_saved(path: str | Path) -> dict:
    """A document written by ``--save``; a UsageError saying what is wrong otherwise."""
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise UsageError(f"{path} is not a saved bench run (not JSON: {exc})") from None
    if not isinstance(document, dict) or not isinstance(document.get("runs", document.get("benches")), list):
        raise UsageError(f"{path} is not a saved bench run (no 'runs' or 'benches'); write one with --save")
    return document


def results_of(document: dict) -> list[dict]:
    """The per-target results of a document (one target, or a folder's)."""
    if isinstance(document.get("benches"), list):
        return [b for b in document["benches"] if isinstance(b, dict)]
    return [document]


def _sample_range(report: dict, kind: str) -> tuple[float, float, int] | None:
    """(fastest, slowest, samples) of one function's timing, from its median, min and spread."""
    median, low = report.get(f"{kind}_s"), report.get(f"{kind}_min_s")
    if not _positive(median) or not _positive(low) or report.get("extrapolated"):
        return None
    spread = report.get(f"{kind}_spread")
    high = low + spread * median if isinstance(spread, (int, float)) and math.isfinite(spread) else median
    return low, max(high, low), int(report.get(f"{kind}_samples") or 1)


def _positive(value: Any) -> bool:
    return isinstance(value, (int, float)) and math.isfinite(value) and value > 0


def _sampled_row(old: dict, new: dict, kind: str) -> dict | None:
    before, after = _sample_range(old, kind), _sample_range(new, kind)
    if before is None or after is None:
        return None
    low, high = after[0] / before[1], after[1] / before[0]
    flag = "slower" if low >= CLAIM_THRESHOLD else "faster" if high <= 1 / CLAIM_THRESHOLD else None
    return {
        "old_s": old[f"{kind}_s"],
        "new_s": new[f"{kind}_s"],
        "ratio": new[f"{kind}_s"] / old[f"{kind}_s"],
        "range": [low, high],
        "flag": flag,
        "confirmed": flag is not None and min(before[2], after[2]) >= MIN_ROUNDS_TO_CLAIM,
    }


def compare_runs(old_document: dict, results: list[dict], old_path: str = "") -> dict:
    """The JSON ``comparison`` object: rows, notes and the number of confirmed regressions."""
    old_by_target = {r.get("target"): r for r in results_of(old_document)}
    rows: list[dict] = []
    notes: list[str] = []
    first_old = next(iter(old_by_target.values()), {})
    first_new = results[0] if results else {}
    for key, what in (("device", "device"), ("jax_version", "jax version")):
        before = old_document.get(key) or first_old.get(key)
        after = first_new.get(key)
        if before and after and before != after:
            notes.append(f"{what} differs: {before} then, {after} now")
    for result in results:
        old = old_by_target.get(result.get("target"))
        if old is None:
            notes.append(f"{result.get('target')}: not in {old_path or 'the saved run'}")
            continue
        old_runs = {run.get("size"): run for run in old.get("runs", [])}
        for run in result.get("runs", []):
            old_run = old_runs.get(run.get("size"))
            if old_run is None:
                notes.append(f"{result['target']}: size {run.get('size')} not in the saved run")
                continue
            if old_run.get("jit") != run.get("jit"):
                notes.append(f"{result['target']} size {run.get('size')}: jit differs; not compared")
                continue
            for function in FUNCTIONS:
                before, after = old_run.get(function) or {}, run.get(function) or {}
                for kind, label in SAMPLED:
                    row = _sampled_row(before, after, kind)
                    if row:
                        rows.append({"target": result["target"], "size": run.get("size"),
                                     "function": function, "measure": label, **row})
                for key, label in SINGLE:
                    if _positive(before.get(key)) and _positive(after.get(key)):
                        rows.append({"target": result["target"], "size": run.get("size"),
                                     "function": function, "measure": label,
                                     "old_s": before[key], "new_s": after[key],
                                     "ratio": after[key] / before[key], "range": None,
                                     "flag": None, "confirmed": False})
    regressions = sum(1 for row in rows if row["flag"] == "slower" and row["confirmed"])
    return {"old_file": old_path, "rows": rows, "notes": notes, "regressions": regressions}


def flag_text(row: dict) -> str:
    """'SLOWER', 'faster', 'slower?' (unconfirmed: too few samples), or ''."""
    if row["flag"] is None:
        return ""
    text = "SLOWER" if row["flag"] == "slower" else "faster"
    return text if row["confirmed"] else f"{text.lower()}? (fewer than {MIN_ROUNDS_TO_CLAIM} samples)"


def check_writable(path: str | Path) -> None:
    """Fail before measuring when ``--save`` could not be written (creates nothing)."""
    target = Path(path)
    if target.is_dir():
        raise UsageError(f"cannot save to {path}: it is a folder")
    existed = target.exists()
    try:
        with open(target, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise UsageError(f"cannot save to {path}: {exc.strerror or exc}") from None
    if not existed:
        target.unlink(missing_ok=True)
