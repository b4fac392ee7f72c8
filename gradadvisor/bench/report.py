"""Render bench results: verdict lines, rich tables, JSON, exit codes.

A run's ``match`` says True (match at every input draw), False (differ) or
None (not compared: NaN or inf) for the value and for the gradient, and
whether the proof is vacuous; the target's ``allow_vacuous`` records
``--allow-vacuous``.
"""

from __future__ import annotations

import json
from typing import Any, Iterable

from rich.console import Console
from rich.table import Table

from gradadvisor.bench.timing import CLAIM_THRESHOLD, MIN_ROUNDS_TO_CLAIM

GRAD_TO_FORWARD_FLAG = 5.0

EXIT_MATCH, EXIT_DIFFER, EXIT_ERROR = 0, 1, 2


# -- numbers ----------------------------------------------------------------------


def seconds(value: float | None, approx: bool = False) -> str:
    """``1.2 ms``-style durations; "n/a" for None."""
    if value is None:
        return "n/a"
    prefix = "~" if approx else ""
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if value >= scale:
            return f"{prefix}{value / scale:.3g} {unit}"
    return f"{prefix}{value / 1e-9:.3g} ns"


def count(value: float | None, unit: str = "") -> str:
    if value is None:
        return "n/a"
    for suffix, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if abs(value) >= scale:
            return f"{value / scale:.3g} {suffix}{unit}"
    return f"{value:.3g} {unit}".rstrip()


def factor(value: float | None, lower_bound: bool = False) -> str:
    if value is None:
        return "n/a"
    return f"{'>=' if lower_bound else ''}{value:.3g}x"


def factor_range(values: list[float] | None) -> str:
    """`` (low-high)`` after a ``factor``: rounded as the factor is (3 significant digits), so that
    the shown median never falls outside its shown range (rounding is monotone)."""
    if not values or values[0] is None:
        return ""
    return f" ({values[0]:.3g}-{values[1]:.3g})"


# -- verdicts ---------------------------------------------------------------------


def _proven(match: dict) -> bool:
    return match["value"] is True and match["grad"] is True


def _failed(match: dict) -> bool:
    return match["value"] is False or match["grad"] is False


def exit_code(result: dict) -> int:
    """0 match, 1 differ / not compared / vacuous (or never compared), 2 usage error or user code raised."""
    if result.get("error") or any(run.get("error") for run in result.get("runs", [])):
        return EXIT_ERROR
    matches = [run["match"] for run in result.get("runs", []) if run.get("match")]
    if not matches or not all(_proven(m) for m in matches):
        return EXIT_DIFFER
    if any(m.get("vacuous") for m in matches) and not result.get("allow_vacuous"):
        return EXIT_DIFFER
    return EXIT_MATCH


def _describe(kind: str, speed: dict) -> str | None:
    value = speed.get(kind)
    if value is None:
        return None
    name = {"forward": "forward", "grad": "gradient", "compile": "compile",
            "first_call": "first call"}[kind]
    bound = kind in speed.get("lower_bounds", [])
    if kind in ("forward", "grad") and speed.get(f"{kind}_range"):
        low, high = speed[f"{kind}_range"]
        confirmed = speed.get(f"{kind}_pairs", 0) >= MIN_ROUNDS_TO_CLAIM
        unconfirmed = f" (unconfirmed: fewer than {MIN_ROUNDS_TO_CLAIM} timing rounds)"
        if low >= CLAIM_THRESHOLD:
            return f"{name} {factor(value)} faster" if confirmed else f"{name} ~{factor(value)} faster{unconfirmed}"
        if high <= 1 / CLAIM_THRESHOLD:
            slower = factor(1 / value)
            return f"{name} {slower} slower" if confirmed else f"{name} ~{slower} slower{unconfirmed}"
        return f"{name} no clear difference ({low:.2g}-{high:.2g}x)"
    if value >= CLAIM_THRESHOLD:
        return f"{name} {factor(value, bound)} faster"
    if value <= 1 / CLAIM_THRESHOLD:
        return f"{name} {factor(1 / value)} slower"
    return None


def _error_text(match: dict) -> str:
    what = [w for w in ("value", "grad") if match[w] is False]
    names = " and ".join("gradient" if w == "grad" else w for w in what)
    first_draw_ok = all(match.get(f"{w}_leaves") and all(leaf["ok"] is not False for leaf in match[f"{w}_leaves"])
                        for w in ("value", "grad"))
    second = match.get("second_draw")
    if second and first_draw_ok and second.get("ok") is False:
        text = f"candidate DIFFERS from baseline: {names} differ at a second input draw ({second['how']})"
        if second.get("problems"):
            return text + f" ({second['problems'][0]})"
        return text + f" (max abs err {second['max_abs_err']:.3g})"
    text = f"candidate DIFFERS from baseline: {names} differ"
    if match.get("problems"):
        text += f" ({match['problems'][0]})"
    elif match.get("max_abs_err") is not None:
        text += (f" (max abs err {match['max_abs_err']:.3g}, max rel err "
                 f"{match['max_rel_err']:.3g}, decided in {match['decided_by']})")
    return text


def vacuity_text(match: dict) -> str:
    """Why a match proves nothing: the value's and the gradient's reasons."""
    reasons = match.get("vacuity") or {}
    return f"the value: {reasons.get('value')}; the gradient: {reasons.get('grad')}"


def verdict(result: dict) -> str:
    """The one-line summary of a target's result."""
    runs = result.get("runs", [])
    errors = [run["error"] for run in runs if run.get("error")]
    if result.get("error"):
        errors.insert(0, result["error"])
    if errors:
        return f"error: {errors[0]['headline']}"
    failed = [run["match"] for run in runs if run.get("match") and _failed(run["match"])]
    if failed:
        return _error_text(failed[0])
    unknown = [run["match"] for run in runs if run.get("match") and not _proven(run["match"])]
    if unknown:
        problem = next(iter(unknown[0].get("problems") or []), "NaN or inf").removesuffix(" (not compared)")
        return f"not compared: {problem}; NaN or inf is never a match"
    compared = [run for run in runs if run.get("match")]
    vacuous = [run["match"] for run in compared if run["match"].get("vacuous")]
    if vacuous and not result.get("allow_vacuous"):
        return (f"proof is vacuous: {vacuity_text(vacuous[0])}: any candidate that does the same "
                "would match (use inputs that vary, or --allow-vacuous)")
    if not compared:
        over = sorted({name for run in runs for name in ("baseline", "candidate")
                       if (run.get(name) or {}).get("exceeded_budget")})
        reason = f"{' and '.join(over)} exceeded the budget" if over else "nothing to compare"
        text = f"not verified: {reason}"
    else:
        decided = compared[-1]["match"]["decided_by"]
        how = " after a float64 re-check" if decided == "float64" and compared[-1]["match"].get("float32") else ""
        text = f"candidate matches{how}"
        if vacuous:
            text += f" (vacuously: {vacuity_text(vacuous[0])})"
    last = runs[-1] if runs else {}
    parts = speed_parts(last)
    if parts:
        size = f" at size {last['size']}" if len(runs) > 1 else ""
        text += f"; {', '.join(parts)}{size}"
    if (last.get("speedup") or {}).get("extrapolated"):
        text += " (extrapolated)"
    return text


def speed_parts(run: dict) -> list[str]:
    """What one run's speedups claim: 'gradient 4x faster', 'forward no clear difference ...'."""
    speed = run.get("speedup") or {}
    return [p for p in (_describe(k, speed) for k in ("forward", "grad", "compile", "first_call")) if p]


def warnings(result: dict) -> list[str]:
    """Flags worth a reader's attention: slow gradients, noise, scaling."""
    out: list[str] = []
    for run in result.get("runs", []):
        for name in ("baseline", "candidate"):
            report = run.get(name) or {}
            ratio = report.get("grad_to_forward")
            if ratio is not None and ratio > GRAD_TO_FORWARD_FLAG and not report.get("extrapolated"):
                out.append(f"{name} at size {run['size']}: gradient costs {ratio:.1f}x its forward "
                           f"(a good gradient costs a small constant, under {GRAD_TO_FORWARD_FLAG:g}x)")
            if report.get("exceeded_budget") and not report.get("skipped"):
                out.append(f"{name} at size {run['size']}: exceeded the {report.get('budget_s', 0):g} s "
                           f"budget during {report.get('exceeded_at', 'measurement')}")
        out.extend(f"size {run['size']}: {note}" for note in run.get("notes", []))
        match = run.get("match") or {}
        reasons = match.get("vacuity") or {}
        if not match.get("vacuous"):
            for key, what in (("value", "value"), ("grad", "gradient")):
                if reasons.get(key):
                    out.append(f"size {run['size']}: the {what} proves little ({reasons[key]}); "
                               "the comparison rests on the other")
        second = match.get("second_draw")
        if second and second.get("ok") is None:
            out.append(f"size {run['size']}: not compared at the second input draw ({second['how']}): "
                       f"{next(iter(second.get('problems') or []), 'NaN or inf')}")
    out.extend((result.get("scaling") or {}).get("flags", []))
    return out


# -- tables ------------------------------------------------------------------------


def _row_values(base: dict, cand: dict, key: str, fmt: Any) -> tuple[str, str]:
    return fmt(base.get(key)), fmt(cand.get(key))


def run_table(result: dict, run: dict) -> Table:
    """Baseline vs candidate at one size."""
    base = run.get("baseline") or {}
    cand = run.get("candidate") or {}
    speed = run.get("speedup") or {}
    mode = "jit" if run.get("jit") else "eager"
    table = Table(title=f"{result['target']}  size={run['size']}  ({mode}, {result.get('device')})")
    table.add_column("measure")
    table.add_column("baseline", justify="right")
    table.add_column("candidate", justify="right")
    table.add_column("baseline/candidate", justify="right")

    def timed(key: str, report: dict) -> str:
        text = seconds(report.get(key), approx=bool(report.get("extrapolated")))
        spread = report.get(key.replace("_s", "_spread"))
        if spread is not None:
            text += f" ±{spread * 50:.0f}%"
        return text

    table.add_row("forward (median)", timed("forward_s", base), timed("forward_s", cand),
                  factor(speed.get("forward")) + factor_range(speed.get("forward_range")))
    table.add_row("gradient: value_and_grad (median)", timed("grad_s", base), timed("grad_s", cand),
                  factor(speed.get("grad")) + factor_range(speed.get("grad_range")))
    table.add_row("gradient / forward", *_row_values(base, cand, "grad_to_forward", factor), "")

    def first(report: dict, key: str, bound_key: str) -> str:
        if report.get(key) is None and report.get(bound_key):
            return f">{seconds(report[bound_key])} (budget)"
        return seconds(report.get(key))

    table.add_row("first call: gradient (trace+compile+run)",
                  first(base, "first_call_s", "first_call_at_least_s"),
                  first(cand, "first_call_s", "first_call_at_least_s"),
                  factor(speed.get("first_call"), "first_call" in speed.get("lower_bounds", [])))
    table.add_row("compile: gradient", *_row_values(base, cand, "compile_s", seconds),
                  factor(speed.get("compile")))
    table.add_row("first call: forward",
                  first(base, "forward_first_call_s", "forward_first_call_at_least_s"),
                  first(cand, "forward_first_call_s", "forward_first_call_at_least_s"), "")
    table.add_row("compile: forward", *_row_values(base, cand, "forward_compile_s", seconds), "")
    for kind, label in (("forward", "forward"), ("grad", "gradient")):
        table.add_row(f"XLA flops: {label}",
                      count((base.get("flops") or {}).get(kind)),
                      count((cand.get("flops") or {}).get(kind)), "")
        table.add_row(f"XLA bytes accessed: {label}",
                      count((base.get("bytes_accessed") or {}).get(kind), "B"),
                      count((cand.get("bytes_accessed") or {}).get(kind), "B"), "")
        table.add_row(f"XLA temp memory: {label}",
                      count(((base.get("memory") or {}).get(kind) or {}).get("temp_bytes"), "B"),
                      count(((cand.get("memory") or {}).get(kind) or {}).get("temp_bytes"), "B"), "")
    return table


def match_table(run: dict) -> Table | None:
    """Per-leaf errors of the value and the gradient."""
    match = run.get("match")
    if not match:
        return None
    table = Table(title=f"equality (decided in {match['decided_by']}; a leaf passes when "
                        "max|a-b| <= rtol*max|b| + atol)")
    for column in ("result", "leaf", "shape", "dtype", "max abs err", "max rel err", "ok"):
        table.add_column(column, justify="right" if column.startswith("max") else "left")
    second = match.get("second_draw") or {}
    rows = [("value", match.get("value_leaves", [])), ("gradient", match.get("grad_leaves", [])),
            ("value (2nd draw)", second.get("value_leaves", [])),
            ("gradient (2nd draw)", second.get("grad_leaves", []))]
    for what, leaves in rows:
        for leaf in leaves:
            ok = {True: "yes", False: "NO", None: "not compared"}[leaf["ok"]]
            table.add_row(what, leaf["path"], str(tuple(leaf["shape"])), leaf["dtype"],
                          f"{leaf['max_abs_err']:.3g}", f"{leaf['max_rel_err']:.3g}", ok)
    if second:
        table.caption = f"2nd draw: {second['how']}"
    return table


def scaling_table(result: dict) -> Table:
    """Times per size with the fitted exponents."""
    scale = result["scaling"]
    table = Table(title=f"{result['target']}: scaling (~ extrapolated)")
    table.add_column("size", justify="right")
    for name in ("baseline", "candidate"):
        table.add_column(f"{name} forward", justify="right")
        table.add_column(f"{name} gradient", justify="right")
    table.add_column("gradient speedup", justify="right")
    for run in result["runs"]:
        cells = [str(run["size"])]
        for name in ("baseline", "candidate"):
            report = run.get(name) or {}
            approx = bool(report.get("extrapolated"))
            cells += [seconds(report.get("forward_s"), approx), seconds(report.get("grad_s"), approx)]
        cells.append(factor((run.get("speedup") or {}).get("grad")))
        table.add_row(*cells)
    exps = scale["exponents"]

    def k(value: float | None) -> str:
        return "n/a" if value is None else f"size^{value:.2f}"

    table.add_row("fit", k(exps["baseline"]["forward"]), k(exps["baseline"]["grad"]),
                  k(exps["candidate"]["forward"]), k(exps["candidate"]["grad"]), "")
    return table


def summary_table(results: Iterable[dict]) -> Table:
    """One row per pattern: the table of ``gradadvisor bench patterns/``."""
    table = Table(title="gradadvisor bench: summary (speedups are baseline/candidate medians)")
    for column in ("pattern", "match", "forward", "gradient", "compile", "candidate grad/fwd"):
        table.add_column(column, justify="left" if column in ("pattern", "match") else "right")
    for result in results:
        table.add_row(*summary_row(result))
    return table


def match_cell(result: dict, run: dict) -> str:
    """The match column for one run: yes, yes (float64), NO, not compared, vacuous, error."""
    if run.get("error"):
        return "error"
    match = run.get("match")
    if not match:
        return "not verified"
    if _failed(match):
        return "NO"
    if not _proven(match):
        return "not compared"
    if match.get("vacuous"):
        return "vacuous (allowed)" if result.get("allow_vacuous") else "vacuous"
    if match.get("decided_by") == "float64" and match.get("float32"):
        return "yes (float64)"
    return "yes"


def speed_cell(run: dict, kind: str) -> str:
    """A speedup with its lowest and highest pairwise ratio: '4.1x (3.5-6.6)'."""
    speed = run.get("speedup") or {}
    return factor(speed.get(kind), kind in speed.get("lower_bounds", [])) + factor_range(speed.get(f"{kind}_range"))


def summary_row(result: dict) -> list[str]:
    """The cells of one summary row (also used for the README table)."""
    run = result["runs"][-1] if result.get("runs") else {}
    code = exit_code(result)
    if code == EXIT_ERROR:
        match = "error"
    elif not any(r.get("match") for r in result.get("runs", [])):
        match = "not verified"
    else:
        cells = [match_cell(result, r) for r in result.get("runs", []) if r.get("match")]
        bad = [c for c in cells if not c.startswith("yes")]
        match = bad[0] if bad else cells[-1]
    cand = run.get("candidate") or {}
    return [result["target"], match, speed_cell(run, "forward"), speed_cell(run, "grad"),
            speed_cell(run, "compile"), factor(cand.get("grad_to_forward"))]


def comparison_table(comparison: dict) -> Table:
    """Old vs new times of ``--compare`` (new/old above 1 is slower)."""
    from gradadvisor.bench.saved_run import flag_text

    table = Table(title=f"compared with {comparison['old_file']} (new/old; the range pairs each "
                        "run's fastest and slowest samples)")
    for column in ("pattern", "size", "function", "measure", "old", "new", "new/old", "flag"):
        table.add_column(column, justify="right" if column in ("size", "old", "new", "new/old") else "left")
    for row in comparison["rows"]:
        ratio = factor(row["ratio"]) + (factor_range(row["range"]) if row.get("range") else "")
        table.add_row(row["target"], str(row["size"]), row["function"], row["measure"],
                      seconds(row["old_s"]), seconds(row["new_s"]), ratio, flag_text(row))
    return table


def print_target(console: Console, result: dict, detail: bool = True) -> None:
    """The full report of one target."""
    if detail:
        for run in result.get("runs", []):
            if run.get("error"):
                continue
            console.print(run_table(result, run))
            table = match_table(run)
            if table is not None:
                console.print(table)
        if result.get("scaling"):
            console.print(scaling_table(result))
    for run in result.get("runs", []):
        error = run.get("error")
        if error and error.get("trace"):  # its headline is the verdict below
            console.print(error["trace"], markup=False, highlight=False)
    for line in warnings(result):
        console.print(f"[yellow]warning:[/] {line}", highlight=False)
    code = exit_code(result)
    style = {EXIT_MATCH: "bold green", EXIT_DIFFER: "bold red", EXIT_ERROR: "bold red"}[code]
    console.print(f"[{style}]{result['target']}: {verdict(result)}[/]", highlight=False)


def to_json(document: dict) -> str:
    return json.dumps(document, indent=2, default=str, allow_nan=True)
