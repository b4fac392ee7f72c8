"""``--format concise``: one line per finding, ``path:line:col: CODE [*] message``, at most
200 characters (a longer line is cut with an ellipsis)."""

from __future__ import annotations

from gradadvisor.engine.source import FileError
from gradadvisor.report.locations import where
from gradadvisor.rules.base import Finding

MAX_WIDTH = 200


def _cut(line: str) -> str:
    line = " ".join(line.split())  # one line, whatever the message holds
    return line if len(line) <= MAX_WIDTH else line[: MAX_WIDTH - 1] + "…"


def lines(findings: list[Finding], errors: list[FileError], unsafe_fixes: bool = False) -> list[str]:
    """One line per error, then per finding; ``[*]`` after the code when ``--fix`` (with
    ``unsafe_fixes``: ``--fix --unsafe-fixes``) would fix it, as ruff marks them."""
    rendered = [_cut(f"{where(e.path, e.line, e.column, e.cell)}: {e.kind}: {e.message}") for e in errors]
    rendered += [
        _cut(f"{where(f.path, f.line, f.column, f.cell)}: {f.code}{' [*]' * f.fix_applies(unsafe_fixes)} {f.message}") for f in findings
    ]
    return rendered
