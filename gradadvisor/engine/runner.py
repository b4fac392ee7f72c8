"""The per-file run, and the files handed to the process pool (``pool.py``).

For each file: read once, skip what cannot hold a finding (no jax import, no
rule trigger), parse once with libcst, run every selected rule in one batched
traversal, resolve positions only if something was reported, drop suppressed
findings, then (when asked) apply fixes and write the file atomically.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from fnmatch import fnmatch
from pathlib import Path
from typing import Callable, Iterable, Literal

import libcst as cst

from gradadvisor.engine.context import ModuleContext
from gradadvisor.engine.pool import WorkerPool
from gradadvisor.engine.prune import prune
from gradadvisor.engine.walk import walk_batched
from gradadvisor.engine.noqa import Suppression, file_is_suppressed, find_suppressions
from gradadvisor.engine.source import FileError, SourceText, read_source
from gradadvisor.engine.syntax import syntax_error, too_deep_for_libcst
from gradadvisor.fixes.apply import apply_fixes, non_overlapping, parses, unified_diff, write_atomically
from gradadvisor.rules import all_rules
from gradadvisor.rules.base import Finding, Fix, FixInfo, RawReport, Rule

FixMode = Literal["none", "diff", "fix"]

#: Every rule is about autodiff code: a file that never names jax or autograd is not parsed.
AUTODIFF_MENTION = re.compile(r"\b(?:jax|autograd)\b")
#: Rounds of fix-then-rescan, as ruff does, until nothing more is fixable.
MAX_FIX_ROUNDS = 5
UNUSED_NOQA = "GA900"


@dataclass(frozen=True)
class Settings:
    """Everything a worker needs; picklable so it crosses to the process pool once."""

    codes: tuple[str, ...]
    root: str
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    fix_mode: FixMode = "none"
    unsafe_fixes: bool = False
    max_file_size: int = 2 * 1024 * 1024

    def rules_for(self, display: str) -> list[type[Rule]]:
        relative = os.path.relpath(os.path.abspath(display), self.root)
        ignored = tuple(
            code for pattern, codes in self.per_file_ignores if _path_matches(relative, pattern) for code in codes
        )
        return [
            rule
            for rule in all_rules()
            if rule.code in self.codes and not any(rule.code.startswith(prefix) or prefix == "ALL" for prefix in ignored)
        ]

    def applies(self, fix: FixInfo | Fix) -> bool:
        return fix.applicability == "safe" or self.unsafe_fixes


def _path_matches(display: str, pattern: str) -> bool:
    path = Path(display).as_posix()
    return fnmatch(path, pattern) or fnmatch(Path(path).name, pattern) or fnmatch(path, pattern.rstrip("/") + "/*")


@dataclass
class FileResult:
    path: str
    findings: list[Finding] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)
    lines: int = 0
    parsed: bool = False
    fixed: int = 0
    #: Unified diff of the fixes that would be (``--diff``) or were (``--fix``) applied.
    diff: str = ""


@dataclass
class Checked:
    """The outcome of checking one text: findings, errors, and the fixes on offer."""

    findings: list[Finding]
    errors: list[FileError]
    fixes: list[Fix]
    module: cst.Module | None
    parsed: bool


def check_text(display: str, text: str, rules: list[type[Rule]]) -> Checked:
    """Run ``rules`` over ``text``. Never raises for bad input."""
    if not text.strip() or file_is_suppressed(text):
        return Checked([], [], [], None, False)
    wants_noqa_check = any(rule.code == UNUSED_NOQA for rule in rules)
    active = [
        rule
        for rule in rules
        if rule.code != UNUSED_NOQA and rule.could_match(text)
    ]

    def clean(parsed: bool) -> Checked:
        """No rule finding; only GA900's unused suppressions, when selected."""
        return Checked(_unused_noqa(display, text) if wants_noqa_check else [], [], [], None, parsed)

    if not active or not AUTODIFF_MENTION.search(text):
        return clean(parsed=False)
    filters = [rule.block_filter(text) for rule in active]
    pruned = prune(text, filters) if all(filters) else None  # type: ignore[arg-type]
    if pruned == "":
        return clean(parsed=False)  # no top-level block matches an active rule's block trigger
    if pruned is not None:
        _, quick, quick_errors = _parse_and_visit(display, pruned, active)
        if quick is not None and not quick.reports and not quick.crashes and not quick_errors:
            return clean(parsed=True)
    module, context, errors = _parse_and_visit(display, text, active)
    if context is None:
        return Checked([], errors, [], None, True)
    for code, message in sorted(context.crashes.items()):
        errors.append(FileError(display, "internal-error", f"rule {code} crashed on this file: {message}"))

    suppressions = find_suppressions(text) if (context.reports or wants_noqa_check) else {}
    findings: list[Finding] = []
    fixes: list[Fix] = []
    for report in context.reports:
        try:
            finding, fix = _to_finding(context, report, suppressions)
        except Exception as error:  # noqa: BLE001
            errors.append(FileError(display, "internal-error", f"rule {report.rule.code} report failed: {error}"))
            continue
        if finding is not None:
            findings.append(finding)
            if fix is not None:
                fixes.append(fix)
    if wants_noqa_check:
        findings.extend(_unused_noqa(display, text, suppressions))
    findings.sort(key=lambda item: (item.line, item.column, item.code))
    return Checked(findings, errors, fixes, module, True)


def _parse_and_visit(
    display: str, text: str, active: list[type[Rule]]
) -> tuple[cst.Module | None, ModuleContext | None, list[FileError]]:
    """Parse ``text`` and run ``active`` rules over it in one batched traversal."""
    too_deep = too_deep_for_libcst(display, text)  # libcst's parser would crash the process
    if too_deep is not None:
        return None, None, [too_deep]
    try:
        module = cst.parse_module(text)
    except cst.ParserSyntaxError as error:
        return None, None, [syntax_error(display, text, error.message, error.raw_line)]
    except RecursionError:
        return None, None, [FileError(display, "skipped", "nesting too deep for the parser, skipped")]
    except Exception as error:  # noqa: BLE001 - the parser must never crash the run
        return None, None, [FileError(display, "internal-error", f"parser failed: {type(error).__name__}: {error}")]
    context = ModuleContext(display, text, module)
    instances = [rule(context) for rule in active]
    errors: list[FileError] = []
    try:
        walk_batched(module, instances, context.before_visit, context.after_leave)
    except RecursionError:
        errors.append(FileError(display, "skipped", "nesting too deep to analyse, skipped"))
    return module, context, errors


def _to_finding(
    context: ModuleContext, report: RawReport, suppressions: dict[int, Suppression]
) -> tuple[Finding | None, Fix | None]:
    span = context.position(report.node)
    suppression = suppressions.get(span.start.line)
    if suppression is not None and suppression.matches(report.rule.code):
        suppression.used.add(report.rule.code)
        return None, None
    info = None
    if report.fix is not None:
        fixed = apply_fixes(context.module, [report.fix])
        info = FixInfo(
            report.fix.applicability,
            context.module.code_for_node(report.fix.replacement),
            unified_diff(context.path, context.text, fixed),
        )
    finding = Finding(
        code=report.rule.code,
        name=report.rule.name,
        message=report.message,
        path=context.path,
        line=span.start.line,
        column=span.start.column + 1,
        end_line=span.end.line,
        end_column=span.end.column + 1,
        severity=report.rule.severity,
        context=report.context,
        fix=info,
        frame=_frame(context.text, span.start.line, span.end.line),
    )
    return finding, report.fix


def _frame(text: str, start: int, end: int) -> tuple[int, tuple[str, ...]]:
    """The finding's lines (at most 6) and one line before, for the code frame."""
    lines = text.splitlines()
    first = max(1, start - 1)
    last = min(len(lines), end, start + 5)
    return first, tuple(lines[first - 1 : last])


def _unused_noqa(display: str, text: str, suppressions: dict[int, Suppression] | None = None) -> list[Finding]:
    """GA900's findings: ``# noqa: GAxxx`` comments that suppressed nothing (``suppressions``
    carries what the rules' findings used; without it, every comment is unused)."""
    from gradadvisor.rules.ga900_unused_noqa import unused_noqa_findings

    if not suppressions:
        suppressions = find_suppressions(text)
    # A comment that names GA900 itself (``# noqa: GA301, GA900``) is kept on purpose.
    judged = [suppression for suppression in suppressions.values() if not (suppression.codes and suppression.matches(UNUSED_NOQA))]
    return unused_noqa_findings(display, judged)


def lint_file(path: Path, display: str, settings: Settings) -> FileResult:
    """Check one file, and fix or diff it when the settings ask."""
    result = FileResult(display)
    source = read_source(path, display, settings.max_file_size)
    if isinstance(source, FileError):
        result.errors.append(source)
        return result
    result.lines = source.text.count("\n") + (not source.text.endswith("\n") and bool(source.text))
    rules = settings.rules_for(display)
    checked = check_text(display, source.text, rules)
    result.parsed = checked.parsed
    if settings.fix_mode == "none" or checked.module is None:
        result.findings, result.errors = checked.findings, result.errors + checked.errors
        return result
    return _fix(path, source, settings, rules, checked, result)


def _fix(path: Path, source: SourceText, settings: Settings, rules: list[type[Rule]], checked: Checked, result: FileResult) -> FileResult:
    """Apply fixes in rounds until none is left; write (``--fix``) or diff (``--diff``)."""
    text = source.text
    original_findings = checked.findings
    fixed_count = 0
    #: Fixes found to break the code, as (node code, replacement code): never tried again.
    rejected: set[tuple[str, str]] = set()
    for _ in range(MAX_FIX_ROUNDS):
        module = checked.module
        if module is None:
            break
        wanted = [
            fix
            for fix in checked.fixes
            if settings.applies(fix) and (module.code_for_node(fix.node), module.code_for_node(fix.replacement)) not in rejected
        ]
        if not wanted:
            break
        context_positions = ModuleContext(source.path, text, module)
        spans = [(fix, context_positions.position(fix.node)) for fix in wanted]
        chosen = non_overlapping(spans)
        new_text = apply_fixes(module, chosen)
        if new_text != text and not parses(new_text):
            # Drop the fixes that break the code on their own, and keep the others.
            broken = [fix for fix in chosen if not parses(apply_fixes(module, [fix]))]
            for fix in broken:
                start = context_positions.position(fix.node).start
                code = next((f.code for f in checked.findings if (f.line, f.column) == (start.line, start.column + 1) and f.fix), "a rule")
                message = f"the fix of {code} here produced code that does not parse; it was not applied"
                result.errors.append(FileError(source.path, "fix-error", message, start.line, start.column + 1))
                rejected.add((module.code_for_node(fix.node), module.code_for_node(fix.replacement)))
            chosen = [fix for fix in chosen if not any(fix is other for other in broken)]
            new_text = apply_fixes(module, chosen) if chosen else text
            if not broken or not parses(new_text):
                if not broken:  # only their combination breaks the code
                    result.errors.append(
                        FileError(source.path, "fix-error", "the fixes together produced code that does not parse; they were not applied")
                    )
                break
        if new_text == text:
            break
        text = new_text
        fixed_count += len(chosen)
        checked = check_text(source.path, text, rules)
    result.findings = checked.findings
    result.errors.extend(checked.errors)
    if text != source.text:
        result.diff = unified_diff(source.path, source.text, text)
        result.fixed = fixed_count
        if settings.fix_mode == "fix":
            try:
                write_atomically(path, source.encode(text))
            except OSError as error:
                result.errors.append(FileError(source.path, "io-error", f"cannot write fixes: {error.strerror or error}"))
                result.fixed = 0
    if settings.fix_mode == "diff":
        # Nothing was written: report the findings as they stand in the file.
        result.findings = original_findings
    return result


# -- the pool ---------------------------------------------------------------------

_worker_settings: Settings | None = None


def _init_worker(settings: Settings) -> None:
    global _worker_settings
    _worker_settings = settings
    all_rules()  # import every rule module once per worker


def _lint_in_worker(item: tuple[str, str]) -> FileResult:
    path, display = item
    assert _worker_settings is not None
    return _safe_lint(Path(path), display, _worker_settings)


def _safe_lint(path: Path, display: str, settings: Settings) -> FileResult:
    try:
        return lint_file(path, display, settings)
    except Exception as error:  # noqa: BLE001 - one file's crash must not end the run
        return FileResult(display, errors=[FileError(display, "internal-error", f"{type(error).__name__}: {error}")])


def lint_paths(
    files: list[tuple[Path, str]],
    settings: Settings,
    jobs: int | None = None,
    on_result: Callable[[FileResult], None] | None = None,
) -> list[FileResult]:
    """Lint every file, in parallel when there are enough of them. Results keep input order."""
    jobs = jobs or os.cpu_count() or 1
    results: list[FileResult] = []
    if jobs <= 1 or len(files) < 2 * jobs:
        for path, display in files:
            result = _safe_lint(path, display, settings)
            results.append(result)
            if on_result:
                on_result(result)
        return results
    chunksize = max(1, min(32, len(files) // (jobs * 8)))
    with WorkerPool(jobs, initializer=_init_worker, initargs=(settings,)) as pool:
        items = [(str(path), display) for path, display in files]
        for result in pool.map(_lint_in_worker, items, chunksize=chunksize, lost=_lost):
            results.append(result)
            if on_result:
                on_result(result)
    return results


def _lost(item: tuple[str, str]) -> FileResult:
    """A file a dead worker (a crash in native code, the OOM killer) did not return: an
    internal error; the findings already in are kept."""
    display = item[1]
    message = "not checked: a worker process died (a crash in native code, or out of memory) on this file or one near it"
    return FileResult(display, errors=[FileError(display, "internal-error", message)])


def summarize(results: Iterable[FileResult]) -> tuple[list[Finding], list[FileError]]:
    findings = [finding for result in results for finding in result.findings]
    errors = [error for result in results for error in result.errors]
    return findings, errors
