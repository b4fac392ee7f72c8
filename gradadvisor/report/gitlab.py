"""``--format gitlab``: GitLab Code Quality JSON (a list of issues with a stable ``fingerprint``,
paths relative to the repository root), for ``artifacts: reports: codequality``. A notebook
finding's lines are those of the ``.ipynb`` file where its code is (the description names the
cell and the line in it), so that the merge request shows it on the right line."""

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
        cell = f" (cell {finding.cell}, line {finding.line})" if finding.cell is not None else ""
        begin, _, end, _ = finding.file_region or (finding.line, 0, finding.end_line, 0)
        issues.append(
            {
                "type": "issue",
                "check_name": f"{finding.code} {finding.name}",
                "description": f"{finding.code} {finding.message}{cell}",
                "categories": ["Performance"],
                "severity": SEVERITIES[finding.severity],
                "fingerprint": fingerprint,
                "location": {"path": path, "lines": {"begin": begin, "end": end}},
            }
        )
    failures = [error for error in errors if error.is_failure]
    error_paths = [_path(error.path, root) for error in failures]
    for error, path in zip(failures, error_paths):
        key = "\0".join((error.kind, path, str(error.cell), str(error.line), error.message))
        line = (error.file_position or (error.line or 1, 0))[0]
        issues.append(
            {
                "type": "issue",
                "check_name": error.kind,
                "description": error.message + (f" (cell {error.cell}, line {error.line})" if error.cell is not None else ""),
                "categories": ["Bug Risk"],
                "severity": "critical" if error.kind == "internal-error" else "major",
                "fingerprint": hashlib.sha256(key.encode("utf-8")).hexdigest(),
                "location": {"path": path, "lines": {"begin": line, "end": line}},
            }
        )
    return json.dumps(issues, indent=2, ensure_ascii=False)
