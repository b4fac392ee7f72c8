"""``--format gitlab``: GitLab Code Quality JSON (a list of issues with a stable ``fingerprint``,
paths relative to the repository root), for ``artifacts: reports: codequality``."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from gradadvisor.engine.source import FileError
from gradadvisor.report.fingerprint import fingerprints
from gradadvisor.report.locations import relative_to
from gradadvisor.rules.base import Finding

SEVERITIES = {"error": "major", "warning": "minor", "info": "info"}


def _path(display: str, root: Path | None) -> str:
    relative = relative_to(display, root) if root is not None else None
    return relative if relative is not None else Path(display).as_posix()


def render(findings: list[Finding], errors: list[FileError], root: Path | None = None) -> str:
    paths = [_path(finding.path, root) for finding in findings]
    issues = []
    for finding, path, fingerprint in zip(findings, paths, fingerprints(findings, paths)):
        cell = f" (cell {finding.cell})" if finding.cell is not None else ""
        issues.append(
            {
                "type": "issue",
                "check_name": f"{finding.code} {finding.name}",
                "description": f"{finding.code} {finding.message}{cell}",
                "categories": ["Performance"],
                "severity": SEVERITIES[finding.severity],
                "fingerprint": fingerprint,
                "location": {"path": path, "lines": {"begin": finding.line, "end": finding.end_line}},
            }
        )
    failures = [error for error in errors if error.is_failure]
    error_paths = [_path(error.path, root) for error in failures]
    for error, path in zip(failures, error_paths):
        key = "\0".join((error.kind, path, str(error.cell), str(error.line), error.message))
        issues.append(
            {
                "type": "issue",
                "check_name": error.kind,
                "description": error.message,
                "categories": ["Bug Risk"],
                "severity": "critical" if error.kind == "internal-error" else "major",
                "fingerprint": hashlib.sha256(key.encode("utf-8")).hexdigest(),
                "location": {"path": path, "lines": {"begin": error.line or 1, "end": error.line or 1}},
            }
        )
    return json.dumps(issues, indent=2, ensure_ascii=False)
