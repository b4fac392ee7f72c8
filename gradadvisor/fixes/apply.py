"""Applying fixes with libcst, and writing files back safely.

Fixes replace nodes by identity in one transformer pass, then any needed
imports are added with libcst's ``AddImportsVisitor``. Overlapping fixes are
never applied together: the first (in source order) wins and the rest wait
for the next round. The result must parse, or nothing is applied.
"""

from __future__ import annotations

import contextlib
import difflib
import errno
import os
import signal
import stat
import tempfile
from pathlib import Path
from typing import Iterator, Sequence

import libcst as cst
from libcst.metadata import CodeRange

from gradadvisor.rules.base import Fix


class _ReplaceNodes(cst.CSTTransformer):
    def __init__(self, replacements: dict[int, cst.CSTNode]) -> None:
        super().__init__()
        self.replacements = replacements

    def on_leave(self, original_node: cst.CSTNode, updated_node: cst.CSTNode):  # type: ignore[override]
        return self.replacements.get(id(original_node), updated_node)


def non_overlapping(fixes: Sequence[tuple[Fix, CodeRange]]) -> list[Fix]:
    """Keep fixes whose ranges do not overlap, earliest first."""
    chosen: list[tuple[Fix, CodeRange]] = []
    for fix, span in sorted(fixes, key=lambda item: (item[1].start.line, item[1].start.column)):
        start = (span.start.line, span.start.column)
        end = (span.end.line, span.end.column)
        if any(
            start < (other.end.line, other.end.column) and (other.start.line, other.start.column) < end
            for _, other in chosen
        ):
            continue
        chosen.append((fix, span))
    return [fix for fix, _ in chosen]


def apply_fixes(module: cst.Module, fixes: Sequence[Fix]) -> str:
    """The module's code with ``fixes`` applied (they must not overlap)."""
    replacements = {id(fix.node): fix.replacement for fix in fixes}
    updated = module.visit(_ReplaceNodes(replacements))
    imports = [spec for fix in fixes for spec in fix.imports]
    if imports:
        # Imported here: libcst's codemod package (and its matchers) takes 0.2 s to load.
        from libcst.codemod import CodemodContext
        from libcst.codemod.visitors import AddImportsVisitor

        context = CodemodContext()
        for module_name, obj, asname in imports:
            AddImportsVisitor.add_needed_import(context, module_name, obj, asname)
        updated = AddImportsVisitor(context).transform_module(updated)
    return updated.code


def parses(code: str) -> bool:
    try:
        cst.parse_module(code)
    except Exception:  # noqa: BLE001 - any parser failure means "does not parse"
        return False
    return True


def unified_diff(path: str, before: str, after: str) -> str:
    return "".join(
        difflib.unified_diff(
            before.splitlines(keepends=True),
            after.splitlines(keepends=True),
            fromfile=path if path.startswith("/") else f"a/{path}",
            tofile=path if path.startswith("/") else f"b/{path}",
        )
    )


#: Marks gradadvisor's temporary files: ``.<name>.gradadvisor-tmp-XXXXXXXX``.
TEMPORARY_MARK = ".gradadvisor-tmp-"


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
