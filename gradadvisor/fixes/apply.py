"""Applying fixes to a file, and writing it back safely.

Fixes are text edits (``fixes/edits.py``). They are applied in rounds, as ruff
does: the non-overlapping ones first, then the file is checked again and what is
still fixable is applied, until nothing changes. Every round's result must parse
(a fix that would break the code is dropped and reported as a ``fix-error``).
Imports a fix needs are added with libcst's ``AddImportsVisitor``, so they land
where a person would put them.
"""

from __future__ import annotations

import ast
import contextlib
import difflib
import errno
import os
import signal
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Sequence

from gradadvisor.analysis.syntax import LINE
from gradadvisor.fixes.edits import Fix, ImportSpec, apply_edits, non_overlapping

#: Rounds of fix-then-rescan, as ruff does, until nothing more is fixable.
MAX_FIX_ROUNDS = 5
#: In the name of a fix's temporary file: ``.<name>.gradadvisor-tmp-XXXXXXXX``.
TEMPORARY_MARK = ".gradadvisor-tmp-"


@dataclass
class FixOutcome:
    text: str
    applied: int = 0
    #: What the last round found (the findings that remain after fixing).
    findings: list = field(default_factory=list)
    #: (message, line, column) for fixes that could not be applied.
    errors: list[tuple[str, int | None, int | None]] = field(default_factory=list)
    #: The rule code of each fix applied.
    codes: list[str] = field(default_factory=list)


def parses(code: str) -> bool:
    try:
        ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


def apply_fixes(text: str, fixes: Sequence[Fix]) -> str:
    """``text`` with ``fixes`` (non-overlapping) applied and the imports they need added."""
    updated = apply_edits(text, [edit for fix in fixes for edit in fix.edits])
    imports = [spec for fix in fixes for spec in fix.imports]
    return add_imports(updated, imports) if imports else updated


def add_imports(text: str, imports: Sequence[ImportSpec]) -> str:
    """Add ``imports`` (missing ones only) with libcst's AddImportsVisitor."""
    import libcst as cst
    from libcst.codemod import CodemodContext
    from libcst.codemod.visitors import AddImportsVisitor

    try:
        module = cst.parse_module(text)
    except Exception:  # noqa: BLE001 - the caller checks that the result parses
        return text
    context = CodemodContext()
    for module_name, obj, asname in dict.fromkeys(imports):
        AddImportsVisitor.add_needed_import(context, module_name, obj, asname)
    return AddImportsVisitor(context).transform_module(module).code


def apply_fix_rounds(
    text: str,
    findings: list,
    rescan: Callable[[str], list],
    applies: Callable[[Fix], bool],
) -> FixOutcome:
    """Apply the findings' fixes that ``applies`` accepts, in rounds, re-checking the text
    with ``rescan`` after each; returns the final text and what remains."""
    outcome = FixOutcome(text, findings=findings)
    rejected: set[tuple[tuple[int, int, str], ...]] = set()
    for _ in range(MAX_FIX_ROUNDS):
        wanted = [
            finding for finding in outcome.findings
            if finding.fix is not None and applies(finding.fix) and _identity(finding.fix) not in rejected
        ]
        if not wanted:
            break
        chosen_fixes = non_overlapping([finding.fix for finding in wanted])
        new_text = apply_fixes(outcome.text, chosen_fixes)
        if not parses(new_text):
            broken = [fix for fix in chosen_fixes if not parses(apply_fixes(outcome.text, [fix]))]
            for fix in broken:
                rejected.add(_identity(fix))
                finding = next(f for f in wanted if f.fix is fix)
                outcome.errors.append(
                    (f"the fix of {finding.code} here produced code that does not parse; it was not applied", finding.line, finding.column)
                )
            chosen_fixes = [fix for fix in chosen_fixes if fix not in broken]
            new_text = apply_fixes(outcome.text, chosen_fixes) if chosen_fixes else outcome.text
            if not broken or not parses(new_text):
                if not broken:
                    outcome.errors.append(("the fixes together produced code that does not parse; they were not applied", None, None))
                break
        if new_text == outcome.text:
            break
        outcome.text = new_text
        outcome.applied += len(chosen_fixes)
        outcome.codes.extend(next(f.code for f in wanted if f.fix is fix) for fix in chosen_fixes)
        outcome.findings = rescan(new_text)
    return outcome


def _identity(fix: Fix) -> tuple[tuple[int, int, str], ...]:
    return tuple((edit.start, edit.end, edit.text) for edit in fix.edits)


#: What ``diff`` and ``git diff`` print after a last line that has no line break.
NO_NEWLINE = "\\ No newline at end of file\n"


def _ended(line: str) -> str:
    """A diff line as printed: one without a line break (the file's last) gets one, and the
    marker ``diff`` prints, so that nothing after it lands on the same line."""
    return line if line.endswith("\n") else f"{line}\n{NO_NEWLINE}"


def unified_diff(path: str, before: str, after: str) -> str:
    return "".join(
        _ended(line)
        for line in difflib.unified_diff(
            before.splitlines(keepends=True),
            after.splitlines(keepends=True),
            fromfile=path if path.startswith("/") else f"a/{path}",
            tofile=path if path.startswith("/") else f"b/{path}",
        )
    )


def local_diff(path: str, text: str, fix: Fix, context: int = 3) -> str:
    """The unified diff of one fix, computed on the lines it touches only (so a finding in
    a huge file costs what its few lines cost). Imports it adds are shown by ``--diff``."""
    start, end = fix.span
    first_line = text.count("\n", 0, start)
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end + 1
    lines = LINE.findall(text)  # the lines ``ast`` counts (not split at form feeds)
    before_first = max(0, first_line - context)
    last_line = text.count("\n", 0, line_end - 1 if line_end else 0)
    after_last = min(len(lines), last_line + 1 + context)
    region_start = sum(len(line) for line in lines[:before_first])
    region_end = region_start + sum(len(line) for line in lines[before_first:after_last])
    region = text[region_start:region_end]
    shifted = [type(edit)(edit.start - region_start, edit.end - region_start, edit.text) for edit in fix.edits if region_start <= edit.start and edit.end <= region_end]
    if len(shifted) != len(fix.edits):
        return unified_diff(path, text, apply_edits(text, list(fix.edits)))
    new_region = apply_edits(region, shifted)
    del line_start
    old_lines = region.splitlines(keepends=True)
    new_lines = new_region.splitlines(keepends=True)
    body = list(difflib.unified_diff(old_lines, new_lines, n=context, lineterm="\n"))
    if not body:
        return ""
    header = [f"--- {path if path.startswith('/') else 'a/' + path}\n", f"+++ {path if path.startswith('/') else 'b/' + path}\n"]
    out = []
    for line in body[2:]:
        if line.startswith("@@"):
            parts = line.split()
            old = parts[1][1:].split(",")
            new = parts[2][1:].split(",")
            old_start = int(old[0]) + before_first
            new_start = int(new[0]) + before_first
            old_len = f",{old[1]}" if len(old) > 1 else ""
            new_len = f",{new[1]}" if len(new) > 1 else ""
            line = f"@@ -{old_start}{old_len} +{new_start}{new_len} @@\n"
        out.append(_ended(line))
    return "".join(header + out)


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``path`` then rename it over ``path``.

    An interrupted run leaves either the old file or the new one, never half of one,
    and no temporary file: Ctrl-C and SIGTERM are held back for the few milliseconds
    of the write (they take effect right after it), and any exception removes the
    temporary file (``.<name>.gradadvisor-tmp-XXXXXXXX``). Only SIGKILL in the middle
    of the write can leave one behind.
    The file's permission bits and (where allowed) its owner are kept; a file we may
    not write is not replaced, although its folder would allow the rename.
    """
    target = path.resolve()
    info = target.stat()
    if not os.access(target, os.W_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(target))
    temporary = None
    with _stop_signals_held():
        try:
            handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}{TEMPORARY_MARK}")
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
                stream.flush()
                os.fsync(stream.fileno())
            if hasattr(os, "chown"):
                try:
                    os.chown(temporary, info.st_uid, info.st_gid)
                except OSError:  # only root may give a file away: it stays ours
                    pass
            os.chmod(temporary, stat.S_IMODE(info.st_mode))
            os.replace(temporary, target)
        except BaseException:
            if temporary is not None:
                try:
                    os.unlink(temporary)
                except OSError:
                    pass
            raise


@contextlib.contextmanager
def _stop_signals_held() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back for this thread while inside (POSIX; elsewhere a no-op)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
