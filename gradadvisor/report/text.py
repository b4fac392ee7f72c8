"""``--format text``: ruff-style findings with a code frame and the proposed rewrite."""

from __future__ import annotations

from collections import Counter

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from gradadvisor.engine.source import FileError
from gradadvisor.rules import rule_by_code
from gradadvisor.rules.base import Finding


def print_findings(console: Console, findings: list[Finding], errors: list[FileError], unsafe_fixes: bool) -> None:
    for error in errors:
        where = f"{error.path}:{error.line}:{error.column}" if error.line is not None else error.path
        style = "red" if error.is_failure else "yellow"
        console.print(f"[bold]{escape(where)}[/]: [{style}]{escape(error.kind)}[/]: {escape(error.message)}")
    for finding in findings:
        _print_finding(console, finding, unsafe_fixes)


def _print_finding(console: Console, finding: Finding, unsafe_fixes: bool) -> None:
    marker = ""
    if finding.fix is not None and (finding.fix.applicability == "safe" or unsafe_fixes):
        marker = " [cyan]\\[*][/]"
    console.print(
        f"[bold]{escape(finding.path)}:{finding.line}:{finding.column}[/]: "
        f"[bold red]{finding.code}[/]{marker} {escape(finding.message)}"
    )
    if finding.frame is not None:
        first, lines = finding.frame
        width = len(str(first + len(lines)))
        console.print(f"{'':>{width}} [blue]|[/]")
        for offset, line in enumerate(lines):
            number = first + offset
            console.print(f"[blue]{number:>{width}} |[/] {escape(line)}", highlight=False)
            if number == finding.line:
                start = finding.column - 1
                stop = finding.end_column - 1 if finding.end_line == finding.line else len(line)
                carets = "^" * max(1, stop - start)
                console.print(f"{'':>{width}} [blue]|[/] {' ' * start}[red]{carets} {finding.code}[/]")
        console.print(f"{'':>{width}} [blue]|[/]")
    if finding.context:
        console.print(f"  [blue]=[/] [bold]context[/]: {escape(finding.context)}", highlight=False)
    if finding.fix is not None:
        kind = "safe fix" if finding.fix.applicability == "safe" else "unsafe fix, applied with --unsafe-fixes"
        console.print(f"  [blue]=[/] [bold]rewrite[/] ({kind}): [green]{escape(finding.fix.content)}[/]", highlight=False)
    console.print()


def print_summary(console: Console, findings: list[Finding], errors: list[FileError], files: int, fixed: int, unsafe_fixes: bool) -> None:
    failures = [error for error in errors if error.is_failure]
    if fixed:
        console.print(f"Fixed {fixed} finding{'s' * (fixed != 1)}.")
    if not findings and not failures:
        console.print(f"[green]All checks passed![/] ({files} file{'s' * (files != 1)} scanned)")
        return
    parts = []
    if findings:
        parts.append(f"{len(findings)} finding{'s' * (len(findings) != 1)}")
    if failures:
        parts.append(f"{len(failures)} error{'s' * (len(failures) != 1)}")
    console.print(f"Found {' and '.join(parts)} in {files} file{'s' * (files != 1)} scanned.")
    safe = sum(1 for f in findings if f.fix is not None and f.fix.applicability == "safe")
    unsafe = sum(1 for f in findings if f.fix is not None and f.fix.applicability == "unsafe")
    if unsafe_fixes and safe + unsafe:
        console.print(f"[cyan]\\[*][/] {safe + unsafe} fixable with `--fix --unsafe-fixes`.")
    elif safe:
        extra = f" ({unsafe} more with `--unsafe-fixes`)" if unsafe else ""
        console.print(f"[cyan]\\[*][/] {safe} fixable with `--fix`{extra}.")
    elif unsafe:
        console.print(f"{unsafe} rewrite{'s' * (unsafe != 1)} available with `--fix --unsafe-fixes` (check them with `gradadvisor bench`).")


def print_statistics(console: Console, findings: list[Finding]) -> None:
    counts = Counter(finding.code for finding in findings)
    table = Table(box=None, show_header=False, pad_edge=False)
    table.add_column(justify="right")
    table.add_column()
    table.add_column()
    table.add_column()
    for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        rule = rule_by_code(code)
        fixable = any(f.fix is not None for f in findings if f.code == code)
        table.add_row(str(count), code, "[*]" if fixable else "", rule.name if rule else "")
    console.print(table)
