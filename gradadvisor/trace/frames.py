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
    """Decides which frames are the user's, caching the answer per file name."""

    def __init__(self, user_files: Iterable[str] = ()):
        self.user_files = {os.path.realpath(f) for f in user_files if f}
        self._cache: dict[str, bool] = {}
        self._jax_cache: dict[str, bool] = {}

    def is_user(self, filename: str) -> bool:
        known = self._cache.get(filename)
        if known is not None:
            return known
        if filename.startswith("<"):
            answer = False
        else:
            real = os.path.realpath(filename)
            if real in self.user_files:
                answer = True
            else:
                answer = not real.startswith(_library_dirs()) and is_user_frame(real, self.user_files)
        self._cache[filename] = answer
        return answer

    def is_jax(self, filename: str) -> bool:
        known = self._jax_cache.get(filename)
        if known is None:
            known = self._jax_cache[filename] = os.path.realpath(filename).startswith(_library_dirs())
        return known


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


def user_frames(eqn: Any, frame_filter: FrameFilter) -> tuple[list[Frame], bool]:
    """The equation's user frames below the transform, outermost first, and whether a gradient was taken inside them.

    User frames above the first jax frame belong to whoever called the
    transform (older jax releases keep them in the traceback): they are dropped.

    The second value is True when a jax.grad/vjp/jacrev frame lies between
    the outermost user frame and the operation: the equation belongs to a
    gradient computed inside the traced function.
    """
    source_info = getattr(eqn, "source_info", None)
    traceback = getattr(source_info, "traceback", None)
    if traceback is None:
        return [], False
    outside: list[Frame] = []  # user frames above the transform (the caller of jax.grad)
    frames: list[Frame] = []
    inner_gradient = False
    gradient_seen = False
    inside = False
    for filename, function, line in reversed(_raw_frames(traceback)):  # outermost first
        if frame_filter.is_user(filename):
            if callable(line):
                line = line()
            if line is None or line < 0:
                continue
            (frames if inside else outside).append(Frame(os.path.realpath(filename), int(line), function))
            if gradient_seen:
                inner_gradient = True
        elif frame_filter.is_jax(filename):
            inside = True
            if frames and function in GRADIENT_FRAME_NAMES and filename.endswith("api.py"):
                gradient_seen = True
    if not frames:  # a traceback that starts in user code (jax cut it at a jit boundary)
        return outside, False
    return frames, inner_gradient and len(frames) > 1
