"""The trace report: a JSON document, and rich tables rendered from it."""

from __future__ import annotations

import json
import os
import textwrap
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from gradadvisor import __version__
from gradadvisor.trace.diagnose import Diagnosis
from gradadvisor.trace.lines import FunctionTrace, LineRow, size_key

EXIT_OK, EXIT_ERROR, EXIT_INTERRUPTED = 0, 2, 130
SOURCE_WIDTH = 40
#: Table labels of the diagnosis kinds (the list under the table spells them out).
SHORT_KINDS = {"unrolled-loop": "loop", "slice-backward": "slice", "dense-table-gradient": "dense",
               "captured-constant": "const", "diag-of-matmul": "diag", "cheap-gradient": "cheap"}


def display_path(path: str | None) -> str | None:
    """A path relative to the working directory when it is inside it, else absolute."""
    if not path:
        return None
    try:
        return Path(path).resolve().relative_to(Path.cwd().resolve()).as_posix()
    except (ValueError, OSError, RuntimeError):
        return path


def _per_size(values: dict) -> dict[str, Any]:
    return {size_key(size): value for size, value in sorted(values.items(), key=lambda kv: -1 if kv[0] is None else kv[0])}


def _line_dict(row: LineRow, sizes: list) -> dict:
    largest = sizes[-1] if sizes else None
    return {
        "path": display_path(row.path),
        "line": row.line,
        "function": row.function,
        "source": row.source,
        "eqns": {size_key(s): row.eqns.get(s, 0) for s in sizes},
        "forward_eqns": {size_key(s): row.forward_eqns.get(s, 0) for s in sizes},
        "growth": None if row.growth is None else round(row.growth, 3) or 0.0,
        "primitives": row.primitives,
        "const_bytes": row.const_bytes,
        "zero_fills": row.zero_fills.get(largest, []),
        "stack": [
            {"path": display_path(frame["path"]), "line": frame["line"], "function": frame["function"],
             "eqns": _per_size(frame.get("eqns_by_size") or {largest: frame["eqns"]}),
             "growth": None if frame.get("growth") is None else round(frame["growth"], 3)}
            for frame in row.stack
        ],
    }


def function_dict(fn: FunctionTrace, diagnoses: list[Diagnosis]) -> dict:
    growth = fn.growth
    ratio = fn.grad_to_forward()
    return {
        "ref": fn.ref,
        "path": display_path(fn.path),
        "line": fn.line,
        "lines": [_line_dict(row, fn.sizes) for row in fn.rows],
        "diagnoses": [d.to_dict(display_path) for d in diagnoses],
        "totals": {
            "eqns": _per_size(fn.eqns),
            "forward_eqns": _per_size(fn.forward_eqns),
            "growth": None if growth is None else round(growth, 3) or 0.0,
            "grad_to_forward_eqns": None if ratio is None else round(ratio, 2),
            "const_bytes": fn.const_bytes,
            "flops": _per_size(fn.flops) if fn.flops else None,
            "trace_s": _per_size({s: round(t, 4) for s, t in fn.trace_s.items()}),
            "summed_output": fn.summed_output,
        },
    }


def to_json(document: dict) -> str:
    return json.dumps(document, indent=2)


# -- rich rendering ----------------------------------------------------------------------


def _short(text: str, width: int = SOURCE_WIDTH) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _bytes(n: int) -> str:
    if not n:
        return ""
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n} B"


def _growth(value: float | None) -> str:
    return "" if value is None else f"{round(value, 2) or 0.0:.2f}"  # no "-0.00"


def _where(line: dict, home: str | None) -> str:
    if line["path"] is None:
        return "(no user line)"
    if line["path"] == home:
        return str(line["line"])
    return f"{os.path.basename(line['path'])}:{line['line']}"


def print_function(console: Console, name: str, fn: dict, max_lines: int) -> None:
    totals = fn["totals"]
    keys = list(totals["eqns"])  # the sizes this function was traced at
    counts = " -> ".join(str(totals["eqns"].get(k, "-")) for k in keys)
    forward = " -> ".join(str(totals["forward_eqns"].get(k, "-")) for k in keys)
    where = f"{fn['path']}:{fn['line']}" if fn["path"] else fn["ref"]
    growth = f", growth {_growth(totals['growth'])}" if totals["growth"] is not None else ""
    console.print(f"\n[bold]{escape(name)}[/] ({escape(where)})", highlight=False)
    console.print(f"  gradient {counts} equations{growth}; forward {forward}", highlight=False)
    diagnosed: dict[tuple, list[str]] = {}
    for d in fn["diagnoses"]:
        diagnosed.setdefault((d["path"], d["line"]), []).append(SHORT_KINDS.get(d["kind"], d["kind"]))
    shown = fn["lines"][:max_lines]
    with_consts = any(line["const_bytes"] for line in shown)
    headers = ["line", "source", *(f"@{key}" for key in keys), "growth", "top primitives"]
    headers += ["consts"] * with_consts + ["diagnoses"]
    rows = []
    for line in shown:
        cells = [
            _where(line, fn["path"]),
            line["source"],
            *(str(line["eqns"].get(k, 0)) for k in keys),
            _growth(line["growth"]),
            ", ".join(f"{p} {n}" for p, n in list(line["primitives"].items())[:2]),
        ]
        cells += [_bytes(line["const_bytes"])] * with_consts
        cells.append(", ".join(diagnosed.get((line["path"], line["line"]), [])))
        rows.append(cells)
    widths = [max([len(header)] + [len(row[i]) for row in rows]) for i, header in enumerate(headers)]
    others = sum(widths) - widths[1] + 2 * (len(headers) - 1)
    source_width = max(12, min(SOURCE_WIDTH, console.width - others))  # the source gives way first
    table = Table(show_edge=False, pad_edge=False, box=None, header_style="bold")
    for header, width in zip(headers, widths):
        table.add_column(header, no_wrap=True,
                         justify="left" if header in ("source", "top primitives", "diagnoses") else "right",
                         style="yellow" if header == "diagnoses" else None)
    for row in rows:
        row[1] = _short(row[1], source_width)
        table.add_row(*(escape(cell) for cell in row))
    console.print(table)
    hidden = len(fn["lines"]) - max_lines
    if hidden > 0:
        console.print(f"  ... {hidden} more line(s): --lines {len(fn['lines'])} or --format json",
                      style="dim", highlight=False)
    if not fn["diagnoses"]:
        console.print("  no diagnoses", style="green")
    for d in fn["diagnoses"]:
        rule = f" {d['rule']}" if d["rule"] else ""
        console.print(f"  [bold yellow]{d['kind']}[/]{escape(rule)} at {escape(str(d['path']))}:{d['line']}",
                      highlight=False)
        console.print(textwrap.fill(d["evidence"], width=max(console.width - 2, 40), initial_indent="    ",
                                    subsequent_indent="    "), markup=False, highlight=False, soft_wrap=True)


def print_confirmation(console: Console, confirmation: dict | None, title: str = "Scan findings vs trace",
                       unreached: str = "no traced equation came from these lines") -> None:
    if confirmation is None:
        return
    console.print(f"\n[bold]{escape(title)}[/]", highlight=False, soft_wrap=True)
    if confirmation.get("error"):
        console.print(f"  scan not available: {escape(confirmation['error'])}", style="red")
        return
    for f in confirmation["confirmed"]:
        by = ", ".join(sorted({f"{b['kind']} in {b['function']}" for b in f["by"]}))
        if f.get("via"):
            by += f" (via the call at {', '.join(f['via'])})"
        console.print(f"  [green]confirmed[/]   {f['code']} {escape(f['path'])}:{f['line']} by {escape(by)}",
                      highlight=False, soft_wrap=True)
    for f in confirmation["unconfirmed"]:
        console.print(f"  [red]unconfirmed[/] {f['code']} {escape(f['path'])}:{f['line']}: {escape(f['reason'])}",
                      highlight=False, soft_wrap=True)
    for f in confirmation["not_reached"]:
        console.print(f"  [dim]not reached[/] {f['code']} {escape(f['path'])}:{f['line']}: {escape(unreached)}",
                      highlight=False, soft_wrap=True)
    for d in confirmation["unpredicted"]:
        rule = f" ({d['rule']})" if d["rule"] else ""
        console.print(f"  [yellow]unpredicted[/] {d['kind']}{escape(rule)} at {escape(str(d['path']))}:{d['line']} "
                      f"in {escape(d['function'])}: no finding predicted it", highlight=False, soft_wrap=True)
    if not any(confirmation[k] for k in ("confirmed", "unconfirmed", "not_reached", "unpredicted")):
        console.print("  no findings and no diagnoses", style="green")


def print_document(console: Console, document: dict, max_lines: int) -> None:
    for name, fn in document["functions"].items():
        print_function(console, name, fn, max_lines)
    print_confirmation(console, document.get("confirmation"))
    for note in document.get("notes", []):
        console.print(f"note: {escape(note)}", style="dim", highlight=False)


def print_error(console: Console, error: dict) -> None:
    """The error's one-line headline, then the user's trimmed traceback."""
    console.print(f"[bold red]error:[/] {escape(error['headline'])}", highlight=False, soft_wrap=True)
    if error.get("trace"):
        console.print(error["trace"], markup=False, highlight=False)


def document(target: Any, run: Any, functions: list[FunctionTrace], diagnoses: dict[str, list[Diagnosis]],
             confirmation: dict | None) -> dict:
    plan = run.plan or {}
    result = {
        "version": __version__,
        "jax_version": run.jax_version,
        "target": target.label,
        "file": display_path(target.file),
        "sizes": plan.get("sizes", []),
        "argnums": plan.get("argnums"),
        "functions": {fn.name: function_dict(fn, diagnoses.get(fn.name, [])) for fn in functions},
        "confirmation": confirmation,
        "notes": list(run.notes),
    }
    if run.error is not None:
        result["error"] = run.error
    return result
