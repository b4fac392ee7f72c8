"""``--format json``: one object with the findings and the per-file errors.

Schema::

    {"version": "0.1.0", "files": <files scanned>,
     "findings": [{"code", "name", "message", "path", "cell", "line", "column", "end_line",
                   "end_column", "severity", "confidence", "context", "evidence",
                   "fix": null | {"applicability", "content", "diff"}}],
     "errors": [{"path", "cell", "line", "column", "kind", "message"}]}

``cell`` is null outside notebooks; in a notebook, lines are counted within the cell.
With ``--statistics``: a list of ``{"code", "name", "count", "fixable"}``, most frequent first.
"""

from __future__ import annotations

import json
from collections import Counter

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


def render_statistics(findings: list[Finding], unsafe_fixes: bool = False) -> str:
    """``fixable``: some finding of the rule has a fix that ``--fix`` applies (an unsafe one
    counts only with ``unsafe_fixes``), as in ruff."""
    counts = Counter(finding.code for finding in findings)
    names = {finding.code: finding.name for finding in findings}
    fixable = {finding.code for finding in findings if finding.fix_applies(unsafe_fixes)}
    rows = [
        {"code": code, "name": names[code], "count": count, "fixable": code in fixable}
        for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    ]
    return json.dumps(rows, indent=2)
