"""``--format json``: one object with the findings and the per-file errors.

Schema::

    {"version": "0.1.0", "files": <files scanned>,
     "findings": [{"code", "name", "message", "path", "line", "column", "end_line",
                   "end_column", "severity", "context",
                   "fix": null | {"applicability", "content", "diff"}}],
     "errors": [{"path", "line", "column", "kind", "message"}]}
"""

from __future__ import annotations

import json

from gradadvisor import __version__
from gradadvisor.engine.source import FileError
from gradadvisor.rules.base import Finding


def render(findings: list[Finding], errors: list[FileError], files: int) -> str:
    return json.dumps(
        {
            "version": __version__,
            "files": files,
            "findings": [finding.to_dict() for finding in findings],
            "errors": [error.to_dict() for error in errors],
        },
        indent=2,
    )
