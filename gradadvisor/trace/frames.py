"""The user's source lines behind a jaxpr equation.

Every equation carries ``eqn.source_info.traceback``, the Python stack at the
moment JAX recorded it (for an equation of a transposed or linearized
program, the stack of the forward operation it came from). JAX's own
helpers (``source_info_util.user_frames``) changed signature between
releases, so this module reads the traceback directly: ``raw_frames()``
with ``Traceback.code_addr2line`` where they exist (jax >= 0.4.x), else the
``frames`` list every release has.

A frame is the user's when its file is not part of jax, jaxlib, the
standard library, installed packages or gradadvisor itself (the same rule
``bench`` uses to trim tracebacks), or when it is one of the files the user
named.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from typing import Any, Iterable

from gradadvisor.bench.errors import is_user_frame

# jax.grad, jax.value_and_grad, jax.vjp and jax.jacrev/jacfwd run their
# function inside frames of jax/_src/api.py with these names: when such a
# frame lies below the user's outermost frame, the equation belongs to a
# gradient taken inside the traced function (a per-example gradient).
GRADIENT_FRAME_NAMES = frozenset({"grad_f", "grad_f_aux", "value_and_grad_f", "vjp", "jacfun"})


@dataclass(frozen=True)
class Frame:
    """One user frame: a file, a line and the function running there."""

    path: str
    line: int
    function: str

    def key(self) -> str:
        return f"{self.path}:{self.line}"


@functools.lru_cache(maxsize=None)
def _library_dirs() -> tuple[str, ...]:
    """jax's and jaxlib's folders, wherever they are installed."""
    dirs = []
    for name in ("jax", "jaxlib"):
        try:
            module = __import__(name)
        except ImportError:
            continue
        folder = os.path.dirname(os.path.realpath(getattr(module, "__file__", "") or ""))
        if folder:
            dirs.append(folder + os.sep)
    return tuple(dirs)


class FrameFilter:
    """Decides which frames are the user's, caching the answer per file name.

    ``caller_files`` are files that call the transform (in-process use, such
    as a test calling ``jax.make_jaxpr``): their frames are not the traced
    code's. In the worker the caller is gradadvisor, whose frames never count.
    """

    def __init__(self, user_files: Iterable[str] = (), caller_files: Iterable[str] = ()):
        self.user_files = {os.path.realpath(f) for f in user_files if f}
        self.caller_files = {os.path.realpath(f) for f in caller_files if f}
        self._real: dict[str, str] = {}
        self._user: dict[str, bool] = {}

    def real(self, filename: str) -> str:
        real = self._real.get(filename)
        if real is None:
            real = self._real[filename] = os.path.realpath(filename)
        return real

    def is_user(self, filename: str) -> bool:
        known = self._user.get(filename)
        if known is not None:
            return known
        if filename.startswith("<"):
            answer = False
        else:
            real = self.real(filename)
            if real in self.caller_files:
                answer = False
            elif real in self.user_files:
                answer = True
            else:
                answer = not self.is_jax(filename) and is_user_frame(real, self.user_files)
        self._user[filename] = answer
        return answer

    def is_jax(self, filename: str) -> bool:
        return self.real(filename).startswith(_library_dirs())


def _raw_frames(traceback: Any) -> list[tuple[str, str, Any]]:
    """``(filename, function, line_or_resolver)`` innermost first."""
    raw = getattr(traceback, "raw_frames", None)
    if raw is not None:
        try:
            codes, lastis = raw()
            addr2line = type(traceback).code_addr2line
            return [
                (code.co_filename, code.co_name, functools.partial(addr2line, code, lasti))
                for code, lasti in zip(codes, lastis)
            ]
        except (AttributeError, TypeError):
            pass
    return [(f.file_name, f.function_name, f.line_num) for f in getattr(traceback, "frames", ())]


def user_frames(eqn: Any, frame_filter: FrameFilter,
                entry: tuple[str, str] | None = None) -> tuple[list[Frame], bool]:
    """The equation's user frames, outermost first, and whether a gradient was taken inside them.

    The second value is True when a jax.grad/vjp/jacrev frame lies between
    the outermost user frame and the operation: the equation belongs to a
    gradient computed inside the traced function.

    ``entry``, ``(real path, function name)`` of the traced function, drops the
    user frames that call it: a program traced from the user's own code (``profile``)
    carries its callers' frames in older jax releases, whose tracebacks are not cut
    at the trace. When no frame matches, every user frame is kept.
    """
    source_info = getattr(eqn, "source_info", None)
    traceback = getattr(source_info, "traceback", None)
    if traceback is None:
        return [], False
    frames: list[Frame] = []
    inner_gradient = False
    gradient_seen = False
    entered = entry is None
    for filename, function, line in reversed(_raw_frames(traceback)):  # outermost first
        if frame_filter.is_user(filename):
            if not entered and function == entry[1] and frame_filter.real(filename) == entry[0]:
                entered = True
                frames, inner_gradient, gradient_seen = [], False, False  # the callers' frames
            if callable(line):
                line = line()
            if line is None or line < 0:
                continue
            frames.append(Frame(frame_filter.real(filename), int(line), function))
            if gradient_seen:
                inner_gradient = True
        elif frames and function in GRADIENT_FRAME_NAMES and filename.endswith("api.py") \
                and frame_filter.is_jax(filename):
            gradient_seen = True
    return frames, inner_gradient and len(frames) > 1
