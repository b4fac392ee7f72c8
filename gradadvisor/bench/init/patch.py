"""Apply a unified diff (a scanner fix) to a source text."""

from __future__ import annotations

import re

from gradadvisor.bench.init.errors import InitError

HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def apply_diff(source: str, diff: str) -> str:
    """``source`` with ``diff`` applied; an InitError when a context line does not match."""
    lines = source.splitlines(keepends=True)
    out: list[str] = []
    position = 0  # index into lines of the next unconsumed line
    diff_lines = diff.splitlines(keepends=True)
    index = 0
    while index < len(diff_lines) and not diff_lines[index].startswith("@@"):
        index += 1  # the ---/+++ header
    while index < len(diff_lines):
        match = HUNK.match(diff_lines[index])
        if not match:
            raise InitError(f"cannot read the fix's diff near: {diff_lines[index].rstrip()}")
        start = int(match.group(1)) - (1 if int(match.group(2) or 1) else 0)
        if start < position:
            raise InitError("the fix's diff has overlapping hunks")
        out.extend(lines[position:start])
        position = start
        index += 1
        while index < len(diff_lines) and not diff_lines[index].startswith("@@"):
            line = diff_lines[index]
            index += 1
            if line.startswith("\\"):  # "\ No newline at end of file"
                if out and out[-1].endswith("\n"):
                    out[-1] = out[-1][:-1]
                continue
            tag, text = (" ", line) if line in ("\n", "\r\n") else (line[:1], line[1:])
            if tag in (" ", "-"):
                current = lines[position] if position < len(lines) else None
                if current is None or current.rstrip("\r\n") != text.rstrip("\r\n"):
                    raise InitError(
                        f"the fix does not apply at line {position + 1} (the file changed since the scan?)"
                    )
                if tag == " ":
                    out.append(current)
                position += 1
            elif tag == "+":
                out.append(text if text.endswith("\n") else text + "\n")
            else:
                raise InitError(f"cannot read the fix's diff line: {line.rstrip()}")
    out.extend(lines[position:])
    return "".join(out)
