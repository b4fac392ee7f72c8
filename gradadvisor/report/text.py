"""``--format text``: ruff-style findings with a code frame and the proposed rewrite."""

from __future__ import annotations

from collections import Counter, defaultdict

from rich.console import Console
from rich.markup import escape

from gradadvisor.engine.source import FileError
from gradadvisor.report.locations import where
from gradadvisor.rules import rule_by_code
from gradadvisor.rules.base import Finding


#: At most this many "because" lines under a finding.
MAX_EVIDENCE = 5


def print_findings(
    console: Console, findings: list[Finding], errors: list[FileError], unsafe_fixes: bool, quiet: bool = False
) -> None:
    """Errors, then each finding with its code frame. ``quiet``: no blank lines between them."""
    for error in errors:
        style = "red" if error.is_failure else "yellow"
        location = where(error.path, error.line, error.column, error.cell)
        console.print(f"[bold]{escape(location)}[/]: [{style}]{escape(error.kind)}[/]: {escape(error.message)}")
    for finding in findings:
        _print_finding(console, finding, unsafe_fixes, quiet)


def _print_finding(console: Console, finding: Finding, unsafe_fixes: bool, quiet: bool = False) -> None:
    marker = " [cyan]\\[*][/]" if finding.fix_applies(unsafe_fixes) else ""
    location = where(finding.path, finding.line, finding.column, finding.cell)
    console.print(f"[bold]{escape(location)}[/]: [bold red]{finding.code}[/]{marker} {escape(finding.message)}")
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
    for reason in _because([item for item in finding.evidence if item != finding.context]):  # the context is shown above
        console.print(f"  [blue]=[/] [bold]because[/]: {escape(reason)}", highlight=False)
    if finding.fix is not None:
        kind = "safe fix" if finding.fix.applicability == "safe" else "unsafe fix, applied with --unsafe-fixes"
        console.print(f"  [blue]=[/] [bold]rewrite[/] ({kind}): [green]{escape(finding.fix.content)}[/]", highlight=False)
        if finding.fix.unproven:
            unproven = "; ".join(finding.fix.unproven[:3]) + ("; ..." if len(finding.fix.unproven) > 3 else "")
            console.print(f"  [blue]=[/] [bold]not proven[/]: {escape(unproven)}", highlight=False)
    if not quiet:
        console.print()


def _because(evidence: list[str]) -> list[str]:
    """The evidence lines shown: at most ``MAX_EVIDENCE``, the last one counting the rest."""
    if len(evidence) <= MAX_EVIDENCE:
        return list(evidence)
    return [*evidence[: MAX_EVIDENCE - 1], f"... and {len(evidence) - MAX_EVIDENCE + 1} more (see --format json)"]


def print_fixes(console: Console, fixed_by_file: list[tuple[str, list[str]]], findings: list[Finding], applied: bool, unsafe_fixes: bool) -> None:
    """``--show-fixes``: the fixes applied (per file and rule), or those available."""
    if applied:
        total = sum(len(codes) for _, codes in fixed_by_file)
        if not total:
            console.print("No fixes applied.")
            return
        console.print(f"Fixed {total} finding{'s' * (total != 1)}:")
        for path, codes in fixed_by_file:
            if not codes:
                continue
            console.print(f"- {escape(path)}:")
            for code, count in sorted(Counter(codes).items()):
                rule = rule_by_code(code)
                console.print(f"    {count} × {code} ({rule.name if rule else 'unknown'})")
        return
    available = [finding for finding in findings if finding.fix is not None]
    if not available:
        console.print("No fixes available.")
        return
    by_file: dict[str, list[Finding]] = defaultdict(list)
    for finding in available:
        by_file[finding.path].append(finding)
    console.print(f"Fixes available ({len(available)}):")
    for path, items in by_file.items():
        console.print(f"- {escape(path)}:")
        for finding in items:
            assert finding.fix is not None
            kind = finding.fix.applicability
            note = "" if kind == "safe" or unsafe_fixes else ", with --unsafe-fixes"
            location = where(finding.path, finding.line, finding.column, finding.cell)[len(path) + 1 :]
            console.print(f"    {location} {finding.code} ({kind}{note}): {escape(finding.fix.content)}", highlight=False)


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


def print_statistics(console: Console, findings: list[Finding], unsafe_fixes: bool = False) -> None:
    """A count per rule; ``[*]`` when ``--fix`` (or, with ``unsafe_fixes``, ``--fix --unsafe-fixes``)
    would fix some of its findings."""
    counts = Counter(finding.code for finding in findings)
    rows = []
    for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        rule = rule_by_code(code)
        fixable = any(f.fix_applies(unsafe_fixes) for f in findings if f.code == code)
        rows.append((str(count), code, "[*]" if fixable else "", rule.name if rule else ""))
    if not rows:
        return
    widths = [max(len(row[index]) for row in rows) for index in range(3)]
    for count, code, marker, name in rows:  # columns, and no trailing spaces
        line = f"{count:>{widths[0]}}  {code:<{widths[1]}}  {marker:<{widths[2]}}  {name}".rstrip()
        console.print(line, markup=False, highlight=False)
