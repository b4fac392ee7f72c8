"""Run the scanner on one file and pick the finding at a line.

The scanner runs as a subprocess (``python -m gradadvisor scan --format json
--exit-zero --no-cache FILE``): its JSON is the stable interface. A finding
has ``code``, ``line``, ``end_line``, ``message``, ``fix`` (null or
``{applicability, content, diff}``) and, in newer versions, ``evidence`` (a
list of strings) and ``confidence``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from gradadvisor.bench.init.errors import InitError

SCAN_TIMEOUT_S = 300


@dataclass(frozen=True)
class Finding:
    """The parts of a scanner finding that a bench file needs."""

    code: str
    line: int
    end_line: int
    message: str
    fix_diff: str | None = None
    fix_applicability: str | None = None
    evidence: tuple[str, ...] = field(default_factory=tuple)
    confidence: object = None

    @classmethod
    def from_json(cls, data: dict) -> "Finding":
        fix = data.get("fix") or {}
        evidence = data.get("evidence") or ()
        return cls(
            code=str(data.get("code", "")),
            line=int(data["line"]),
            end_line=int(data.get("end_line") or data["line"]),
            message=str(data.get("message", "")),
            fix_diff=fix.get("diff") if isinstance(fix, dict) else None,
            fix_applicability=fix.get("applicability") if isinstance(fix, dict) else None,
            evidence=tuple(str(e) for e in evidence) if isinstance(evidence, (list, tuple)) else (),
            confidence=data.get("confidence"),
        )


def scan(path: Path) -> list[Finding]:
    """The scanner's findings for ``path``; an InitError when it reports an error."""
    command = [sys.executable, "-m", "gradadvisor", "scan", "--format", "json", "--exit-zero",
               "--no-cache", str(path)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=SCAN_TIMEOUT_S,
                              stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        raise InitError(f"the scanner took over {SCAN_TIMEOUT_S} s on {path}") from None
    try:
        report = json.loads(done.stdout)
    except json.JSONDecodeError:
        detail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise InitError(f"the scanner failed on {path} (exit code {done.returncode}): {detail}") from None
    errors = report.get("errors") or []
    if errors:
        first = errors[0]
        text = first.get("message") if isinstance(first, dict) else str(first)
        raise InitError(f"the scanner could not read {path}: {text}")
    return [Finding.from_json(f) for f in report.get("findings", []) if isinstance(f, dict) and "line" in f]


def pick(findings: list[Finding], line: int, path: Path) -> Finding:
    """The finding that starts at ``line`` (else the one spanning it); an InitError listing the others."""
    starting = [f for f in findings if f.line == line]
    spanning = [f for f in findings if f.line <= line <= f.end_line]
    chosen = starting or spanning
    if chosen:
        return chosen[0]
    if not findings:
        raise InitError(f"the scanner reports nothing in {path}")
    lines = ", ".join(f"{f.line} ({f.code})" for f in sorted(findings, key=lambda f: (f.line, f.code)))
    raise InitError(f"no finding at {path}:{line}; findings are at line(s) {lines}")
