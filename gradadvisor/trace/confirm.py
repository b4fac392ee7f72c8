"""Check the scanner's findings against what the trace shows.

The scanner runs as a subprocess through its stable JSON interface
(``python -m gradadvisor scan --format json --exit-zero --no-cache FILES``),
so ``trace`` does not depend on the scanner's internals. A finding is
*confirmed* when a diagnosis of a kind its rule predicts (``RULE_KINDS``) lies
on its line or inside its line range, *unconfirmed* when the trace ran
through its lines and shows no such thing, and *not reached* when no traced
equation came from its lines (code the traced functions never ran, such as
another function in the same file). A diagnosis no finding predicted is
*unpredicted*.

A loop in a helper is charged to the line of the traced function that calls
the helper. So a finding inside a helper is also confirmed, ``via`` that
call, when an ``unrolled-loop`` diagnosis of the call has growing equations
from the finding's lines and no finding on the call's own line explains the
growth (a helper merely called in a loop grows too, and the loop's own
finding then claims the diagnosis).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Callable, Iterable

from gradadvisor.trace.diagnose import RULE_KINDS, Diagnosis, Finding

SCAN_TIMEOUT_S = 120.0


@dataclass
class ScanResult:
    findings: list[Finding] = field(default_factory=list)
    error: str | None = None


def run_scan(files: Iterable[str], cwd: str | None = None, timeout: float = SCAN_TIMEOUT_S) -> ScanResult:
    """The scanner's findings for ``files``, from its JSON output."""
    files = sorted({f for f in files if f})
    if not files:
        return ScanResult()
    cwd = cwd or os.getcwd()
    command = [sys.executable, "-m", "gradadvisor", "scan", "--format", "json", "--exit-zero",
               "--no-cache", *files]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=cwd,
                              stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return ScanResult(error=f"the scan did not finish in {timeout:g} s")
    except OSError as exc:
        return ScanResult(error=f"cannot run the scan: {exc}")
    try:
        report = json.loads(done.stdout)
    except json.JSONDecodeError:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return ScanResult(error=f"the scan exited {done.returncode}: {last}")
    findings = []
    for item in report.get("findings", []):
        try:
            path = os.path.realpath(os.path.join(cwd, item["path"]))
            line = int(item["line"])
            end_line = int(item.get("end_line") or line)
            findings.append(Finding(item["code"], path, line, end_line, item.get("message", "")))
        except (KeyError, TypeError, ValueError):
            continue
    return ScanResult(findings=findings)


def confirm(
    findings: list[Finding],
    diagnoses: list[Diagnosis],
    traced_lines: set[tuple[str, int]],
    display: Callable[[str | None], str | None],
) -> dict:
    """``{confirmed, unconfirmed, not_reached, unpredicted}`` as JSON-ready lists."""
    direct = [
        [i for i, d in enumerate(diagnoses)
         if d.kind in RULE_KINDS.get(finding.code, ()) and finding.covers(d.path, d.line)]
        for finding in findings
    ]
    predicted = {i for matches in direct for i in matches}
    via_call: set[int] = set()
    confirmed, unconfirmed, not_reached = [], [], []
    for finding, matches in zip(findings, direct):
        entry = {"code": finding.code, "path": display(finding.path), "line": finding.line,
                 "end_line": finding.end_line, "message": finding.message}
        kinds = RULE_KINDS.get(finding.code)
        if not matches and kinds:
            # The construct is in a helper the diagnosed line calls: its frames name the helper's lines.
            matches = [
                i for i, d in enumerate(diagnoses)
                if d.kind in kinds and i not in predicted
                and any(finding.covers(path, line) for path, line in d.details.get("growing_frames", ()))
            ]
            if matches:
                via_call.update(matches)
                entry["via"] = [f"{display(diagnoses[i].path)}:{diagnoses[i].line}" for i in matches]
        if matches:
            entry["by"] = [{"function": diagnoses[i].function, "kind": diagnoses[i].kind,
                            "line": diagnoses[i].line} for i in matches]
            confirmed.append(entry)
            continue
        reached = any(
            path == finding.path and finding.line <= line <= max(finding.end_line, finding.line)
            for path, line in traced_lines
        )
        if not reached:
            not_reached.append(entry)
        elif kinds is None:
            entry["reason"] = f"the trace has no signature for {finding.code}"
            unconfirmed.append(entry)
        else:
            entry["reason"] = (f"the trace ran through these lines and shows no "
                               f"{' or '.join(sorted(kinds))}")
            unconfirmed.append(entry)
    unpredicted = [
        {"function": d.function, "kind": d.kind, "path": display(d.path), "line": d.line, "rule": d.rule}
        for i, d in enumerate(diagnoses) if i not in predicted and i not in via_call
    ]
    return {"confirmed": confirmed, "unconfirmed": unconfirmed, "not_reached": not_reached,
            "unpredicted": unpredicted}
