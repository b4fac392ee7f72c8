#!/usr/bin/env python
"""Measure the scanner's recall and false alarms on the real-world evaluation set.

Each folder under ``cases/`` is code reproduced from a public source (an issue thread, a
tutorial, a research repository) and labelled in ``labels.toml``: the slow-gradient sites it
holds (file, line range, family P1..P6), or ``negative = true`` when nothing in it should be
reported. This script scans every case folder as its own little project with this checkout's
scanner and prints:

- recall: labelled sites found / labelled sites, overall and per family;
- false alarms: every finding in a negative case;
- extra findings: findings in a positive case that match no site (suspicious, not
  automatically wrong);
- every missed site, and any problem with the scanner's exit status or output.

    python benchmarks/realworld/evaluate.py
    python benchmarks/realworld/evaluate.py --family P3
    python benchmarks/realworld/evaluate.py --case p3_integrate_builtin_sum_over_grid
    python benchmarks/realworld/evaluate.py --min-confidence medium --json out.json

Exit status: 0, unless a scan crashed (exit 2 despite --exit-zero) or printed no JSON report: 2.
Standard library and rich only.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 only (tomli is a gradadvisor dependency there)
    import tomli as tomllib

from rich.console import Console
from rich.table import Table

#: Which rule codes count as finding a site of each family. Add new rule codes here.
FAMILY_CODES: dict[str, tuple[str, ...]] = {
    "P1": ("GA101",),
    "P2": ("GA201", "GA202", "GA203"),
    "P3": ("GA301", "GA302"),
    "P4": ("GA401",),
    "P5": ("GA103", "GA104", "GA105"),
    "P6": ("GA102",),
}
FAMILY_NAMES = {
    "P1": "per-sample map",
    "P2": "slicing / diag",
    "P3": "sum / accumulate",
    "P4": "large captured constants",
    "P5": "recurrences",
    "P6": "per-example gradients",
}
CONFIDENCE_LEVELS = ("low", "medium", "high")

HERE = Path(__file__).resolve().parent
CASES_DIR = HERE / "cases"
LABELS = HERE / "labels.toml"
REPO_ROOT = HERE.parent.parent
SCAN_TIMEOUT_S = 300
SCAN_EXIT_INTERNAL_ERROR = 2


@dataclass
class Site:
    case: str
    file: str
    line: int
    end_line: int
    family: str
    note: str
    matched_by: list[dict] = field(default_factory=list)


@dataclass
class Case:
    name: str
    source: str
    negative: bool
    sites: list[Site]
    rc: int | None = None
    seconds: float = 0.0
    findings: list[dict] = field(default_factory=list)
    errors: list[dict] = field(default_factory=list)
    problem: str | None = None


def load_cases(path: Path = LABELS) -> list[Case]:
    """Read labels.toml into Case objects."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    cases = []
    for entry in data.get("case", []):
        sites = [
            Site(entry["name"], s["file"], int(s["line"]), int(s.get("end_line", s["line"])), s["family"],
                 s.get("note", ""))
            for s in entry.get("site", [])
        ]
        cases.append(Case(entry["name"], entry.get("source", ""), bool(entry.get("negative", False)), sites))
    return cases


def scan_command(case: Case, min_confidence: str | None) -> list[str]:
    """The scan command for one case (run in the case's own project folder, see ``case_project``)."""
    cmd = [sys.executable, "-m", "gradadvisor", "scan", "--format", "json", "--exit-zero", "--no-cache",
           "--jobs", "1"]
    if min_confidence:
        cmd += ["--min-confidence", min_confidence]
    return cmd + ["."]


def case_project(case: Case, workspace: Path, cases_dir: Path = CASES_DIR) -> Path:
    """A copy of the case folder with an empty ``[tool.gradadvisor]`` of its own: each case is
    scanned as its own project (a partial scan reads the rest of its project for context, and
    the other cases are not part of it)."""
    folder = workspace / case.name
    shutil.copytree(cases_dir / case.name, folder, ignore=shutil.ignore_patterns("__pycache__", ".gradadvisor_cache"))
    (folder / "pyproject.toml").write_text("[tool.gradadvisor]\n", encoding="utf-8")
    return folder


def scanner_env() -> dict[str, str]:
    """Environment that makes this checkout's gradadvisor importable."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO_ROOT), env.get("PYTHONPATH")) if p)
    return env


def relative_to_case(folder: Path, path: str) -> str:
    """A finding's path as a path inside its case folder ('model.py')."""
    p = Path(path)
    if not p.is_absolute():
        p = folder / p
    try:
        return p.resolve().relative_to(folder.resolve()).as_posix()
    except ValueError:
        return Path(path).as_posix()


def run_case(case: Case, min_confidence: str | None, cases_dir: Path = CASES_DIR) -> Case:
    """Scan one case folder; fill in rc, findings, errors and any problem."""
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="gradadvisor-realworld-") as workspace:
        folder = case_project(case, Path(workspace), cases_dir)
        try:
            proc = subprocess.run(scan_command(case, min_confidence), cwd=folder, env=scanner_env(),
                                  capture_output=True, text=True, timeout=SCAN_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            case.problem = f"scan timed out after {SCAN_TIMEOUT_S} s"
            return case
    case.seconds = time.perf_counter() - start
    case.rc = proc.returncode
    try:
        report = json.loads(proc.stdout)
    except ValueError:
        report = None
    if not isinstance(report, dict):
        tail = "\n".join(proc.stderr.strip().splitlines()[-8:])
        case.problem = f"exit {proc.returncode}, no JSON report" + (f":\n{tail}" if tail else "")
        return case
    for finding in report.get("findings", []):
        finding = dict(finding)
        finding["file"] = relative_to_case(folder, str(finding.get("path", "")))
        case.findings.append(finding)
    case.errors = list(report.get("errors", []))
    if report.get("files") == 0:
        case.problem = "the scan read no files (excluded by configuration?)"
    if proc.returncode != 0:
        tail = "\n".join(proc.stderr.strip().splitlines()[-8:])
        case.problem = f"exit {proc.returncode} despite --exit-zero" + (f":\n{tail}" if tail else "")
    return case


def finding_matches(finding: dict, site: Site) -> bool:
    """Same file, line in the site's range, code of the site's family."""
    line = finding.get("line")
    return (finding.get("file") == site.file and isinstance(line, int) and site.line <= line <= site.end_line
            and finding.get("code") in FAMILY_CODES.get(site.family, ()))


def evaluate(cases: list[Case], family: str | None) -> dict:
    """Match findings to sites; return the figures and the lists the report prints."""
    codes = set(FAMILY_CODES[family]) if family else None
    missed, false_alarms, extra = [], [], []
    for case in cases:
        findings = [f for f in case.findings if codes is None or f.get("code") in codes]
        sites = [s for s in case.sites if family is None or s.family == family]
        for site in sites:
            site.matched_by = [f for f in findings if finding_matches(f, site)]
            if not site.matched_by:
                missed.append(site)
        if case.negative:
            false_alarms += [(case, f) for f in findings]
        else:
            explained = {id(f) for s in case.sites for f in findings if finding_matches(f, s)}
            extra += [(case, f) for f in findings if id(f) not in explained]
    per_family = {}
    for fam in FAMILY_CODES:
        if family and fam != family:
            continue
        fam_sites = [s for c in cases for s in c.sites if s.family == fam]
        found = sum(1 for s in fam_sites if s.matched_by)
        per_family[fam] = {"sites": len(fam_sites), "found": found,
                           "recall": found / len(fam_sites) if fam_sites else None}
    all_sites = [s for c in cases for s in c.sites if family is None or s.family == family]
    found = sum(1 for s in all_sites if s.matched_by)
    negatives = [c for c in cases if c.negative]
    counted = [f for c in cases for f in c.findings if codes is None or f.get("code") in codes]
    fixes = {"findings": len(counted), "safe": 0, "unsafe": 0, "none": 0}
    for f in counted:
        fixes[(f.get("fix") or {}).get("applicability") or "none"] += 1
    matching = sum(1 for c in cases for f in c.findings if (codes is None or f.get("code") in codes)
                   and any(finding_matches(f, s) for s in c.sites))
    return {
        "fixes": fixes, "findings": len(counted), "matching_findings": matching,
        "precision": matching / len(counted) if counted else None,
        "sites": len(all_sites), "found": found, "recall": found / len(all_sites) if all_sites else None,
        "per_family": per_family, "missed": missed, "false_alarms": false_alarms, "extra": extra,
        "negative_cases": len(negatives),
        "false_alarm_cases": len({c.name for c, _ in false_alarms}),
    }


def fmt_finding(case: Case, f: dict) -> str:
    return f"{case.name}/{f.get('file')}:{f.get('line')} {f.get('code')} {f.get('message', '')}"


def pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def print_report(console: Console, cases: list[Case], result: dict, min_confidence: str | None,
                 figures_only: bool = False) -> None:
    console.print(f"[bold]Real-world evaluation set[/]: {len(cases)} cases scanned"
                  + (f", --min-confidence {min_confidence}" if min_confidence else ""))
    console.print(f"[bold]Recall[/]: {result['found']}/{result['sites']} labelled sites found "
                  f"({pct(result['recall'])})")
    console.print(f"[bold]False alarms[/]: {len(result['false_alarms'])} findings in "
                  f"{result['false_alarm_cases']} of {result['negative_cases']} negative cases")
    console.print(f"[bold]Extra findings in positive cases[/]: {len(result['extra'])}")
    console.print(f"[bold]Precision[/]: {result['matching_findings']}/{result['findings']} findings match a "
                  f"labelled site ({pct(result['precision'])})")
    fixes = result["fixes"]
    share = fixes["safe"] / fixes["findings"] if fixes["findings"] else None
    console.print(f"[bold]Fixes[/]: {fixes['safe']}/{fixes['findings']} findings have a safe fix ({pct(share)}), "
                  f"{fixes['unsafe']} an unsafe one, {fixes['none']} none")

    table = Table(title="Recall per family")
    for col, justify in (("family", "left"), ("shape", "left"), ("rule codes", "left"), ("sites", "right"),
                         ("found", "right"), ("recall", "right")):
        table.add_column(col, justify=justify)
    for fam, row in result["per_family"].items():
        table.add_row(fam, FAMILY_NAMES[fam], ", ".join(FAMILY_CODES[fam]), str(row["sites"]), str(row["found"]),
                      pct(row["recall"]))
    console.print(table)

    def section(title: str, lines: list[str]) -> None:
        console.print(f"\n[bold]{title}[/] ({len(lines)})")
        for line in lines:
            console.print(f"  {line}", markup=False, highlight=False, soft_wrap=True)

    if figures_only:
        return
    section("False alarms (findings in negative cases)", [fmt_finding(c, f) for c, f in result["false_alarms"]])
    section("Extra findings in positive cases (match no labelled site)",
            [fmt_finding(c, f) for c, f in result["extra"]])
    section("Missed sites", [f"{s.case}  {s.file}:{s.line}" + (f"-{s.end_line}" if s.end_line != s.line else "")
                             + f"  {s.family}  {s.note}" for s in result["missed"]])
    problems = [f"{c.name}: {c.problem}" for c in cases if c.problem]
    problems += [f"{c.name}: {e.get('path', '')}: {e.get('kind', e.get('code', 'error'))} {e.get('message', '')}"
                 for c in cases for e in c.errors]
    section("Scanner problems (exit status, missing report, per-file errors)", problems)


def to_json(cases: list[Case], result: dict, min_confidence: str | None, family: str | None) -> dict:
    def site_dict(s: Site) -> dict:
        return {"case": s.case, "file": s.file, "line": s.line, "end_line": s.end_line, "family": s.family,
                "note": s.note, "found": bool(s.matched_by),
                "matched_by": [{"code": f.get("code"), "line": f.get("line")} for f in s.matched_by]}

    def finding_dict(c: Case, f: dict) -> dict:
        return {"case": c.name, "file": f.get("file"), "line": f.get("line"), "code": f.get("code"),
                "message": f.get("message")}

    return {
        "min_confidence": min_confidence, "family": family, "family_codes": FAMILY_CODES,
        "summary": {k: result[k] for k in ("sites", "found", "recall", "negative_cases", "false_alarm_cases",
                                           "findings", "matching_findings", "precision")}
        | {"false_alarms": len(result["false_alarms"]), "extra_findings": len(result["extra"]), "fixes": result["fixes"]},
        "per_family": result["per_family"],
        "false_alarms": [finding_dict(c, f) for c, f in result["false_alarms"]],
        "extra_findings": [finding_dict(c, f) for c, f in result["extra"]],
        "missed": [site_dict(s) for s in result["missed"]],
        "cases": [{"name": c.name, "negative": c.negative, "rc": c.rc, "seconds": round(c.seconds, 3),
                   "problem": c.problem, "findings": [finding_dict(c, f) for f in c.findings],
                   "sites": [site_dict(s) for s in c.sites]} for c in cases],
    }


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--min-confidence", choices=CONFIDENCE_LEVELS,
                        help="passed to `gradadvisor scan --min-confidence` (only when given)")
    parser.add_argument("--family", choices=sorted(FAMILY_CODES),
                        help="only this family's sites and rule codes (negative cases are still scanned)")
    parser.add_argument("--case", action="append", default=[], metavar="NAME",
                        help="only this case (repeatable)")
    parser.add_argument("--json", metavar="OUT", help="also write the results as JSON to OUT")
    parser.add_argument("--set", metavar="DIR", type=Path,
                        help="another labelled set: a folder with cases/ and labels.toml in this layout "
                             "(a blind set); default: this folder")
    parser.add_argument("--figures-only", action="store_true",
                        help="print only the figures and the per-family table, no case names or lines "
                             "(for a blind set: the developer must not see its cases)")
    parser.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1),
                        help="scans run at once (default: min(4, cores))")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    console = Console()
    cases_dir, labels = (args.set / "cases", args.set / "labels.toml") if args.set else (CASES_DIR, LABELS)
    cases = load_cases(labels)
    if args.case:
        unknown = sorted(set(args.case) - {c.name for c in cases})
        if unknown:
            console.print(f"[red]error[/]: unknown case(s): {', '.join(unknown)}")
            return 2
        cases = [c for c in cases if c.name in args.case]
    if args.family:
        cases = [c for c in cases if c.negative or any(s.family == args.family for s in c.sites)]

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        cases = list(pool.map(lambda c: run_case(c, args.min_confidence, cases_dir), cases))

    crashed = [c for c in cases if c.problem and (c.rc == SCAN_EXIT_INTERNAL_ERROR or c.rc is None
                                                   or "no JSON report" in c.problem)]
    if args.min_confidence and crashed and all("no such option" in (c.problem or "").lower() for c in crashed):
        console.print("[red]error[/]: this scanner does not accept --min-confidence "
                      "(`gradadvisor scan` rejected the option); run without it.")
        return 2

    result = evaluate(cases, args.family)
    print_report(console, cases, result, args.min_confidence, args.figures_only)
    if args.json:
        Path(args.json).write_text(json.dumps(to_json(cases, result, args.min_confidence, args.family), indent=2),
                                   encoding="utf-8")
        console.print(f"\nwrote {args.json}")
    if crashed:
        if args.figures_only:
            console.print(f"\n[red]{len(crashed)} scan(s) crashed or printed no JSON report[/]")
            return 2
        console.print(f"\n[red]{len(crashed)} scan(s) crashed or printed no JSON report[/] (see Scanner problems)")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
