"""Turn an exception raised by user code into a headline and a short traceback."""

from __future__ import annotations

import sysconfig
import traceback
from pathlib import Path

_PACKAGE_DIR = str(Path(__file__).resolve().parent.parent)
_LIBRARY_DIRS = tuple(
    str(Path(p).resolve())
    for p in {sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib", "purelib", "platlib")}
)


def is_user_frame(filename: str, user_files: set[str]) -> bool:
    """True for a file of the user's code: named by the user, or outside gradadvisor, the stdlib and installed packages."""
    if filename in user_files:
        return True
    if filename.startswith("<"):
        return False
    resolved = str(Path(filename).resolve())
    if resolved in user_files:
        return True
    if resolved.startswith(_PACKAGE_DIR):
        return False
    return not resolved.startswith(_LIBRARY_DIRS)


def user_traceback(exc: BaseException, user_files: set[str]) -> str:
    """The traceback of ``exc`` keeping only frames from the user's code.

    Frames of gradadvisor, jax and the standard library are dropped; when no
    frame is left (the error came from a library called directly), the last
    frame is kept so the message still says where it happened.
    """
    frames = traceback.extract_tb(exc.__traceback__)
    kept = [f for f in frames if is_user_frame(f.filename, user_files)]
    if not kept and frames:
        kept = [frames[-1]]
    lines = ["Traceback (user frames only):\n"]
    lines += traceback.format_list(kept)
    message = str(exc)
    lines.append(f"{type(exc).__name__}: {message}" if message else type(exc).__name__)
    return "".join(lines).rstrip()


def headline(what: str, exc: BaseException) -> str:
    """One line: which user function raised what."""
    message = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    name = type(exc).__name__
    return f"{what} raised {name}: {message}" if message else f"{what} raised {name}"
