"""Render bench results: verdict lines, rich tables, JSON, exit codes."""

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
    if not values or values[0] is None:
        return ""
    return f" ({values[0]:.2g}-{values[1]:.2g})"


# -- verdicts ---------------------------------------------------------------------


def exit_code(result: dict) -> int:
    """0 match, 1 differ (or never compared), 2 usage error or user code raised."""
    if result.get("error") or any(run.get("error") for run in result.get("runs", [])):
        return EXIT_ERROR
    matches = [run["match"] for run in result.get("runs", []) if run.get("match")]
    if not matches:
        return EXIT_DIFFER
    return EXIT_MATCH if all(m["value"] and m["grad"] for m in matches) else EXIT_DIFFER


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
    what = [w for w in ("value", "grad") if not match[w]]
    names = " and ".join("gradient" if w == "grad" else w for w in what)
    text = f"candidate DIFFERS from baseline: {names} differ"
    if match.get("problems"):
        text += f" ({match['problems'][0]})"
    elif match.get("max_abs_err") is not None:
        text += (f" (max abs err {match['max_abs_err']:.3g}, max rel err "
                 f"{match['max_rel_err']:.3g}, decided in {match['decided_by']})")
    return text


def verdict(result: dict) -> str:
    """The one-line summary of a target's result."""
    runs = result.get("runs", [])
    errors = [run["error"] for run in runs if run.get("error")]
    if result.get("error"):
        errors.insert(0, result["error"])
    if errors:
        return f"error: {errors[0]['headline']}"
    failed = [run["match"] for run in runs if run.get("match") and not (run["match"]["value"] and run["match"]["grad"])]
    if failed:
        return _error_text(failed[0])
    compared = [run for run in runs if run.get("match")]
    if not compared:
        over = sorted({name for run in runs for name in ("baseline", "candidate")
                       if (run.get(name) or {}).get("exceeded_budget")})
        reason = f"{' and '.join(over)} exceeded the budget" if over else "nothing to compare"
        text = f"not verified: {reason}"
    else:
        decided = compared[-1]["match"]["decided_by"]
        how = " after a float64 re-check" if decided == "float64" and compared[-1]["match"].get("float32") else ""
        text = f"candidate matches{how}"
    last = runs[-1] if runs else {}
    speed = last.get("speedup") or {}
    parts = [p for p in (_describe(k, speed) for k in ("forward", "grad", "compile", "first_call")) if p]
    if parts:
        size = f" at size {last['size']}" if len(runs) > 1 else ""
        text += f"; {', '.join(parts)}{size}"
    if speed.get("extrapolated"):
        text += " (extrapolated)"
    return text


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
    for what, key in (("value", "value_leaves"), ("gradient", "grad_leaves")):
        for leaf in match.get(key, []):
            table.add_row(what, leaf["path"], str(tuple(leaf["shape"])), leaf["dtype"],
                          f"{leaf['max_abs_err']:.3g}", f"{leaf['max_rel_err']:.3g}",
                          "yes" if leaf["ok"] else ("NON-FINITE" if leaf["nonfinite"] else "NO"))
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


def summary_row(result: dict) -> list[str]:
    """The cells of one summary row (also used for the README table)."""
    run = result["runs"][-1] if result.get("runs") else {}
    code = exit_code(result)
    match = {EXIT_MATCH: "yes", EXIT_DIFFER: "NO", EXIT_ERROR: "error"}[code]
    if code == EXIT_MATCH and run.get("match", {}).get("decided_by") == "float64" and run["match"].get("float32"):
        match = "yes (float64)"
    if code == EXIT_DIFFER and not any(r.get("match") for r in result.get("runs", [])):
        match = "not verified"
    speed = run.get("speedup") or {}
    cand = run.get("candidate") or {}

    def cell(kind: str) -> str:
        text = factor(speed.get(kind), kind in speed.get("lower_bounds", []))
        if speed.get(f"{kind}_range"):
            low, high = speed[f"{kind}_range"]
            text += f" ({low:.2g}-{high:.2g})"
        return text

    return [result["target"], match, cell("forward"), cell("grad"), cell("compile"),
            factor(cand.get("grad_to_forward"))]


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
        if error:
            console.print(f"[bold red]error:[/] {error['headline']}", highlight=False)
            if error.get("trace"):
                console.print(error["trace"], markup=False, highlight=False)
    for line in warnings(result):
        console.print(f"[yellow]warning:[/] {line}", highlight=False)
    code = exit_code(result)
    style = {EXIT_MATCH: "bold green", EXIT_DIFFER: "bold red", EXIT_ERROR: "bold red"}[code]
    console.print(f"[{style}]{result['target']}: {verdict(result)}[/]", highlight=False)


def to_json(document: dict) -> str:
    return json.dumps(document, indent=2, default=str, allow_nan=True)
