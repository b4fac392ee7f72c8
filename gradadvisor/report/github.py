"""``--format github``: GitHub Actions workflow commands, one per line.

Findings become ``::warning`` annotations; syntax errors and other failures ``::error``.
A notebook's findings name the cell in the message and carry no line (a cell's line is not a
line of the ``.ipynb`` file).
"""

from __future__ import annotations

from gradadvisor.engine.source import FileError
from gradadvisor.rules.base import Finding


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render(findings: list[Finding], errors: list[FileError]) -> str:
    lines = []
    for finding in findings:
        level = "error" if finding.severity == "error" else "warning" if finding.severity == "warning" else "notice"
        props = f"file={_escape_property(finding.path)},"
        message = f"{finding.code} {finding.message}"
        if finding.cell is None:
            props += f"line={finding.line},col={finding.column},endLine={finding.end_line},endColumn={finding.end_column},"
        else:
            message = f"{finding.code} (cell {finding.cell}, line {finding.line}, column {finding.column}) {finding.message}"
        props += f"title={_escape_property(finding.code + ' ' + finding.name)}"
        lines.append(f"::{level} {props}::{_escape_data(message)}")
    for error in errors:
        level = "error" if error.is_failure else "notice"
        props = f"file={_escape_property(error.path)}"
        message = error.message
        if error.cell is not None:
            message = f"(cell {error.cell}, line {error.line}, column {error.column or 1}) {message}"
        elif error.line is not None:
            props += f",line={error.line},col={error.column or 1}"
        props += f",title={_escape_property(error.kind)}"
        lines.append(f"::{level} {props}::{_escape_data(message)}")
    return "\n".join(lines)
