"""Where a finding is, written for people (``nb.ipynb:cell 3:4:5``) and for tools (paths
relative to the repository root)."""

from __future__ import annotations

import os
from pathlib import Path


def where(path: str, line: int | None, column: int | None, cell: int | None = None) -> str:
    """``path:line:col``; in a notebook ``path:cell N:line:col`` (line within the cell)."""
    parts = [path]
    if cell is not None:
        parts.append(f"cell {cell}")
    if line is not None:
        parts.append(str(line))
        parts.append(str(column or 1))
    return ":".join(parts)


def repository_root(paths: list[Path], fallback: Path) -> Path:
    """The git work tree holding the scanned paths (a folder with ``.git``), else ``fallback``
    (the configuration's root). Found from the paths, whatever the working directory."""
    absolute = [os.path.realpath(path) for path in paths] or [os.getcwd()]
    start = Path(os.path.commonpath(absolute))
    for folder in (start, *start.parents):
        if (folder / ".git").exists():
            return folder
    return Path(os.path.realpath(fallback))


def relative_to(display: str, root: Path) -> str | None:
    """``display`` (a path as shown, relative to the working directory or absolute) relative to
    ``root`` in POSIX form, or None when it lies outside ``root``."""
    relative = os.path.relpath(os.path.realpath(display), os.path.realpath(root))
    if relative == os.pardir or relative.startswith(os.pardir + os.sep) or os.path.isabs(relative):
        return None
    return Path(relative).as_posix()
