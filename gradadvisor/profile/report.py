"""The profile report: a JSON document (the schema in the README), text and SARIF rendered from it."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from gradadvisor import __version__
from gradadvisor.profile.analyze import Analysis
from gradadvisor.profile.records import Recording
from gradadvisor.trace.report import SOURCE_WIDTH, _bytes, _short, display_path, print_confirmation

SCHEMA_VERSION = 1


def _round(value: float | None, digits: int = 4) -> float | None:
    return None if value is None else round(value, digits)


def rewrite(code: str | None) -> str | None:
    """The rule's one-line rewrite (its summary), as ``gradadvisor rule CODE`` shows it."""
    if not code:
        return None
    from gradadvisor.rules import rule_by_code

    rule = rule_by_code(code)
    return None if rule is None else rule.summary


def document(command: list[str], outcome: Any, recording: Recording, analysis: Analysis | None,
             confirmation: dict | None, notes: list[str]) -> dict:
    programs = []
    lines = []
    diagnoses = []
    internal: dict[str, dict] = {}
    if analysis is not None:
        for fn in analysis.functions:
            consts = max((p.summary or {}).get("const_bytes", 0) for p in fn.programs)
            programs.append({
                "name": fn.name or fn.module,
                "module": fn.module,
                "path": display_path(fn.path),
                "line": fn.line,
                "traced": len(fn.programs),
                "retraces": fn.retraces,
                "trace_s": _round(fn.seconds("trace_s")),
                "lower_s": _round(fn.seconds("lower_s")),
                "compile_s": _round(fn.seconds("compile_s")),
                "total_s": _round(fn.total_s),
                "eqns": [(p.summary or {}).get("eqns", p.eqns) for p in fn.programs],
                "const_bytes": consts,
                "in_avals": fn.programs[-1].in_avals,
            })
        kinds: dict[tuple, list[str]] = {}
        for d in analysis.diagnoses:
            kinds.setdefault((d.path, d.line), []).append(d.kind)
            diagnoses.append({
                "kind": d.kind, "path": display_path(d.path), "line": d.line, "function": d.function,
                "rule": d.rule, "evidence": d.evidence, "rewrite": rewrite(d.rule),
                "programs": d.details.get("programs", 1),
            })
        for cost in analysis.lines:
            lines.append({
                "path": display_path(cost.path), "line": cost.line, "function": cost.function,
                "source": cost.source, "eqns": cost.eqns, "const_bytes": cost.const_bytes,
                "compile_share_s": _round(cost.compile_share_s), "programs": len(cost.programs),
                "primitives": dict(sorted(cost.top.items(), key=lambda kv: -kv[1])[:6]),
                "diagnoses": kinds.get((cost.path, cost.line), []),
            })
        for p in analysis.internal:
            entry = internal.setdefault(p.function or p.module, {"name": p.function or p.module, "programs": 0,
                                                                  "total_s": 0.0})
            entry["programs"] += 1
            entry["total_s"] += p.total_s
    internal_list = sorted(internal.values(), key=lambda e: -e["total_s"])
    for entry in internal_list:
        entry["total_s"] = _round(entry["total_s"])
    return {
        "schema": SCHEMA_VERSION,
        "version": __version__,
        "jax_version": recording.jax_version,
        "command": list(command),
        "exit_code": outcome.returncode,
        "elapsed_s": _round(outcome.elapsed_s, 3),
        "timed_out": outcome.timed_out,
        "interrupted": outcome.interrupted,
        "jax_imported": recording.jax_imported,
        "jaxpr_hook": recording.jaxpr_hook,
        "processes": len(recording.pids),
        "programs": programs,
        "jax_internal_programs": {
            "programs": sum(e["programs"] for e in internal_list),
            "total_s": _round(sum(e["total_s"] for e in internal_list)),
            "top": internal_list[:10],
        },
        "untied_s": {k: _round(v) for k, v in recording.unclaimed_s.items()},
        "events": recording.events,
        "lines": lines,
        "diagnoses": diagnoses,
        "confirmation": confirmation,
        "notes": notes,
        "errors": [{"where": e.get("where"), "message": e.get("message")} for e in recording.errors[:20]],
    }


def to_json(doc: dict) -> str:
    return json.dumps(doc, indent=2)


def _s(value: float | None) -> str:
    return "" if value is None else f"{value:.3f}"


def _where(path: str | None, line: int | None) -> str:
    if not path:
        return "?"
    return f"{path}:{line}" if line else path


def print_text(console: Console, doc: dict, max_rows: int) -> None:
    status = ("timed out" if doc["timed_out"] else "interrupted" if doc["interrupted"]
              else f"exit {doc['exit_code']}")
    jax = f"; jax {doc['jax_version']}" if doc["jax_version"] else ""
    if doc.get("processes", 0) > 1:
        jax += f"; {doc['processes']} processes"
    console.print(f"[bold]gradadvisor profile[/]: {escape(' '.join(doc['command']))} ({status}, "
                  f"{doc['elapsed_s']:.1f} s{escape(jax)})", highlight=False, soft_wrap=True)
    if not doc["jax_imported"]:
        console.print("  the program never imported jax: nothing to profile", style="dim")
    if doc["programs"]:
        console.print("\n[bold]Programs by compile time[/] (seconds tracing, lowering, compiling)", highlight=False)
        table = Table(show_edge=False, pad_edge=False, box=None, header_style="bold")
        for header in ("program", "defined at", "traced", "trace", "lower", "compile", "eqns", "consts"):
            table.add_column(header, no_wrap=True, justify="left" if header in ("program", "defined at") else "right")
        for p in doc["programs"][:max_rows]:
            eqns = max(p["eqns"]) if p["eqns"] else 0
            table.add_row(escape(p["name"]), escape(_where(p["path"], p["line"])), str(p["traced"]),
                          _s(p["trace_s"]), _s(p["lower_s"]), _s(p["compile_s"]), str(eqns), _bytes(p["const_bytes"]))
        console.print(table)
        hidden = len(doc["programs"]) - max_rows
        if hidden > 0:
            console.print(f"  ... {hidden} more program(s): --lines or --format json", style="dim", highlight=False)
    internal = doc["jax_internal_programs"]
    if internal["programs"]:
        top = ", ".join(f"{e['name']} x{e['programs']}" for e in internal["top"][:5])
        console.print(f"  + {internal['programs']} program(s) jax compiled for eager operations outside jit "
                      f"({internal['total_s']:.3f} s): {escape(top)}", style="dim", highlight=False, soft_wrap=True)
    if doc["lines"]:
        console.print("\n[bold]Lines[/] (equations over all programs; compile time shared by equations)",
                      highlight=False)
        headers = ("line", "source", "eqns", "consts", "compile", "diagnoses")
        rows = [[_where(line["path"], line["line"]), line["source"], str(line["eqns"]), _bytes(line["const_bytes"]),
                 _s(line["compile_share_s"]), ", ".join(line["diagnoses"])] for line in doc["lines"][:max_rows]]
        widths = [max([len(h)] + [len(row[i]) for row in rows]) for i, h in enumerate(headers)]
        others = sum(widths) - widths[1] + 2 * (len(headers) - 1)
        source_width = max(12, min(SOURCE_WIDTH, console.width - others))  # the source gives way first
        table = Table(show_edge=False, pad_edge=False, box=None, header_style="bold")
        for header, width in zip(headers, widths):
            table.add_column(header, no_wrap=True, min_width=width if header != "source" else None,
                             justify="left" if header in ("line", "source", "diagnoses") else "right",
                             style="yellow" if header == "diagnoses" else None)
        for row in rows:
            row[1] = _short(row[1], source_width)
            table.add_row(*(escape(cell) for cell in row))
        console.print(table)
        hidden = len(doc["lines"]) - max_rows
        if hidden > 0:
            console.print(f"  ... {hidden} more line(s): --lines {len(doc['lines'])} or --format json",
                          style="dim", highlight=False)
    if doc["jax_imported"] and doc["jaxpr_hook"]:
        if doc["diagnoses"]:
            console.print("\n[bold]Diagnoses[/]", highlight=False)
        elif doc["programs"]:
            console.print("\n  no diagnoses", style="green")
    width = max(console.width - 2, 40)
    for d in doc["diagnoses"]:
        rule = f" {d['rule']}" if d["rule"] else ""
        console.print(f"  [bold yellow]{d['kind']}[/]{escape(rule)} at {escape(_where(d['path'], d['line']))} "
                      f"(in {escape(str(d['function']))})", highlight=False, soft_wrap=True)
        console.print(textwrap.fill(d["evidence"], width=width, initial_indent="    ", subsequent_indent="    "),
                      markup=False, highlight=False, soft_wrap=True)
        if d["rewrite"]:
            console.print(textwrap.fill(f"rewrite: {d['rewrite']} (gradadvisor rule {d['rule']})", width=width,
                                        initial_indent="    ", subsequent_indent="      "),
                          markup=False, highlight=False, soft_wrap=True, style="cyan")
    if doc["confirmation"] is not None:
        print_confirmation(console, doc["confirmation"], title="Scan findings vs profile",
                           unreached="no equation of the run came from these lines")
    for note in doc["notes"]:
        console.print(f"note: {escape(note)}", style="dim", highlight=False, soft_wrap=True)
    for error in doc["errors"]:
        console.print(f"profile hook error ({escape(str(error['where']))}): {escape(str(error['message']))}",
                      style="red", highlight=False, soft_wrap=True)


# -- SARIF -------------------------------------------------------------------------------------

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
PROFILE_RULE_PREFIX = "profile/"


def to_sarif(doc: dict, root: Path | None = None) -> str:
    """SARIF 2.1.0: one result per diagnosis, its ruleId the rule code (or ``profile/<kind>``)."""
    from gradadvisor.report.sarif import SRCROOT, _artifact
    from gradadvisor.rules import rule_by_code

    rule_ids: list[str] = []
    rules = []
    results = []
    for d in doc["diagnoses"]:
        rule_id = d["rule"] or PROFILE_RULE_PREFIX + d["kind"]
        if rule_id not in rule_ids:
            rule_ids.append(rule_id)
            rule = rule_by_code(d["rule"]) if d["rule"] else None
            text = rule.summary if rule is not None else f"profile diagnosis: {d['kind']}"
            rules.append({"id": rule_id, "name": rule.name if rule is not None else d["kind"],
                          "shortDescription": {"text": text},
                          "helpUri": "https://pypi.org/project/gradadvisor/",
                          "properties": {"tags": ["performance", "autodiff", "jax", "profile"]}})
        result = {
            "ruleId": rule_id,
            "ruleIndex": rule_ids.index(rule_id),
            "level": "warning",
            "message": {"text": f"{d['kind']}: {d['evidence']}" + (f" Rewrite: {d['rewrite']}" if d["rewrite"] else "")},
            "properties": {"kind": d["kind"], "function": d["function"], "programs": d["programs"]},
        }
        if d["path"]:
            location: dict = {"artifactLocation": _artifact(d["path"], root)}
            if d["line"]:
                location["region"] = {"startLine": d["line"]}
            result["locations"] = [{"physicalLocation": location}]
        results.append(result)
    run: dict = {
        "tool": {"driver": {"name": "gradadvisor profile", "version": __version__, "semanticVersion": __version__,
                            "informationUri": "https://pypi.org/project/gradadvisor/", "rules": rules}},
        "invocations": [{
            "executionSuccessful": not doc["timed_out"] and not doc["errors"],
            "commandLine": " ".join(doc["command"]),
            "exitCode": doc["exit_code"] if doc["exit_code"] is not None else -1,
            "toolExecutionNotifications": [{"level": "error", "message": {"text": f"{e['where']}: {e['message']}"}}
                                           for e in doc["errors"]],
        }],
        "results": results,
    }
    if root is not None:
        base = Path(root).resolve().as_uri()
        run["originalUriBaseIds"] = {SRCROOT: {"uri": base if base.endswith("/") else base + "/"}}
    return json.dumps({"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}, indent=2)
