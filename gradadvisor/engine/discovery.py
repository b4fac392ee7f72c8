"""Finding the files to scan.

Directories are walked recursively for the files matching the ``include`` globs
(``*.py`` and ``*.ipynb`` by default), skipping version-control folders, virtual
environments, caches, build output and anything matching the configured
``exclude`` globs. Files named on the command line are always
scanned (as ruff does), unless ``force-exclude`` is set: pre-commit passes
files one by one, and that setting lets ``exclude`` apply to them too.

Discovery never opens a file and never raises for what it finds: special files,
broken links, link loops and paths it may not look into are handed on, and
reading them (``source.read_source``) says what is wrong; folders it cannot list
are collected in ``Discovery.unreadable``.
"""

from __future__ import annotations

import functools
import os
import stat
from dataclasses import dataclass, field
from fnmatch import fnmatch
from pathlib import Path

#: Which files a folder walk scans, unless ``include`` says otherwise.
DEFAULT_INCLUDE = ("*.py", "*.ipynb")

SKIPPED_DIRS = frozenset(
    {
        ".git",
        ".hg",
        ".svn",
        ".bzr",
        "__pycache__",
        ".venv",
        "venv",
        ".tox",
        ".nox",
        ".mypy_cache",
        ".pytest_cache",
        ".ruff_cache",
        ".gradadvisor_cache",
        "node_modules",
        "build",
        "dist",
        ".eggs",
        "site-packages",
        "__pypackages__",
        ".ipynb_checkpoints",
    }
)


def is_skipped_dir(path: Path) -> bool:
    name = path.name
    return (
        name in SKIPPED_DIRS
        or name.endswith(".egg-info")
        or os.path.isfile(path / "pyvenv.cfg")  # a virtual environment under any name (never raises)
    )


def matches_any(path: Path, root: Path, patterns: tuple[str, ...]) -> bool:
    """ruff-style glob matching: against the path relative to ``root`` and the bare name."""
    if not patterns:
        return False
    try:
        relative = path.resolve().relative_to(_resolved(root)).as_posix()
    except (ValueError, OSError, RuntimeError):  # outside the root, or a symlink loop
        relative = path.as_posix()
    return _matches(path.name, relative, patterns)


def _matches(name: str, relative: str, patterns: tuple[str, ...]) -> bool:
    for pattern in patterns:
        pattern = pattern.rstrip("/")
        if fnmatch(name, pattern) or fnmatch(relative, pattern):
            return True
    return False


def _resolved(root: Path) -> Path:
    """``root`` resolved (once per run: every file of a walk is matched against it)."""
    return _resolved_absolute(os.path.abspath(root))


@functools.lru_cache(maxsize=16)
def _resolved_absolute(root: str) -> Path:
    return Path(root).resolve()


def is_included(path: Path, root: Path, include: tuple[str, ...]) -> bool:
    """The file matches an ``include`` glob (on its name first: resolving a path costs more)."""
    if any(fnmatch(path.name, pattern) for pattern in include):
        return True
    return any("/" in pattern for pattern in include) and matches_any(path, root, include)


@dataclass
class Discovery:
    files: list[Path] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    #: Folders that could not be listed (permission denied, ...), with the reason.
    unreadable: list[tuple[Path, str]] = field(default_factory=list)


def discover(
    paths: list[Path],
    root: Path,
    exclude: tuple[str, ...] = (),
    force_exclude: bool = False,
    include: tuple[str, ...] = DEFAULT_INCLUDE,
) -> Discovery:
    """Files to scan, in a stable order and each once."""
    result = Discovery()
    seen: set[Path] = set()

    def add(path: Path) -> None:
        try:
            key = path.resolve()
        except (OSError, RuntimeError):  # symlink loop
            key = path.absolute()
        if key not in seen:
            seen.add(key)
            result.files.append(path)

    for given in paths:
        kind = _kind(given)
        if kind == "missing":
            result.missing.append(str(given))
            continue
        if kind == "folder":
            if force_exclude and matches_any(given, root, exclude):
                continue
            for path in _walk(given, root, exclude, result.unreadable, include):
                add(path)
        elif not (force_exclude and is_excluded(given, root, exclude)):
            add(given)
    return result


def _kind(path: Path) -> str:
    """"folder", "missing", or "file": anything else, even a path that cannot be looked at
    (a link loop, a folder we may not enter), since reading it reports why."""
    try:
        return "folder" if stat.S_ISDIR(os.stat(path).st_mode) else "file"
    except (FileNotFoundError, NotADirectoryError):
        return "file" if os.path.islink(path) else "missing"  # a broken link is reported when read
    except (OSError, ValueError):
        return "file"


def is_excluded(path: Path, root: Path, exclude: tuple[str, ...]) -> bool:
    """The file or one of its folders (below ``root``) matches ``exclude``."""
    absolute = path.absolute()
    for candidate in (absolute, *absolute.parents):
        if candidate == root.absolute() or root.absolute() not in candidate.parents:
            break
        if matches_any(candidate, root, exclude):
            return True
    return matches_any(path, root, exclude)


def _walk(
    top: Path,
    root: Path,
    exclude: tuple[str, ...],
    unreadable: list[tuple[Path, str]],
    include: tuple[str, ...] = DEFAULT_INCLUDE,
) -> list[Path]:
    found: list[Path] = []

    def cannot_list(error: OSError) -> None:
        unreadable.append((Path(error.filename or top), error.strerror or str(error)))

    # followlinks=False: a symlinked directory is not entered, so link loops cannot recurse.
    for dirpath, dirnames, filenames in os.walk(top, onerror=cannot_list, followlinks=False):
        current = Path(dirpath)
        excluded = _exclusion(current, root, exclude)
        dirnames[:] = sorted(name for name in dirnames if not is_skipped_dir(current / name) and not excluded(name))
        # A directory named like a file (``x.py``) is in dirnames: walked, never read.
        for name in sorted(filenames):
            path = current / name
            if not is_included(path, root, include):
                continue
            if excluded(name):
                continue
            found.append(path)
    return found


def _exclusion(folder: Path, root: Path, exclude: tuple[str, ...]):
    """``matches_any`` for the entries of ``folder``, resolving the folder once rather than
    each entry (an entry that is a link is resolved on its own)."""
    if not exclude:
        return lambda name: False
    try:
        base = os.path.relpath(os.path.realpath(folder), _resolved(root))
    except (ValueError, OSError):
        base = os.pardir
    if base == os.pardir or base.startswith(os.pardir + os.sep):
        return lambda name: matches_any(folder / name, root, exclude)  # outside the root
    prefix = "" if base == os.curdir else Path(base).as_posix() + "/"

    def excluded(name: str) -> bool:
        if os.path.islink(folder / name):
            return matches_any(folder / name, root, exclude)
        return _matches(name, prefix + name, exclude)

    return excluded


def rest_of_project(given: list[Path], scanned: list[Path], root: Path, exclude: tuple[str, ...], include: tuple[str, ...] = DEFAULT_INCLUDE) -> Discovery | None:
    """The project's files a partial scan does not scan: the context its cross-file analysis
    needs (a ``jax.grad(loss)`` in train.py makes model.py's loop differentiated).

    The project is what a scan of ``root`` would read (``exclude`` applies). None when there
    is no such context: a given folder covers the whole root, or no scanned file belongs to
    the project (every one lies outside the root or is excluded, so it is scanned on its own)."""
    try:
        top = root.resolve()
    except (OSError, RuntimeError):
        return None
    for path in given:
        try:
            folder = path.resolve()
        except (OSError, RuntimeError):
            continue
        if (folder == top or folder in top.parents) and folder.is_dir():
            return None  # the whole project is scanned
    members = [path for path in scanned if _inside(path, top) and not is_excluded(path, root, exclude)]
    if not members:
        return None
    asked = {_key(path) for path in scanned}
    rest = Discovery()
    # One walk of one folder lists each path once, under the resolved root: only a link can
    # be a scanned file under another name.
    for path in _walk(top, root, exclude, rest.unreadable, include):
        if path in asked or (os.path.islink(path) and _key(path) in asked):
            continue
        rest.files.append(path)
    return rest


def _inside(path: Path, top: Path) -> bool:
    key = _key(path)
    return top in key.parents


def _key(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # symlink loop
        return path.absolute()
